// How npm run bench (docs/benchmarks.md) reads its settings: BENCH_* environment variables, positive numbers.

export const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
