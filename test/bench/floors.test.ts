// The bench's reference servers (scripts/bench/targets.ts, docs/benchmarks.md "Sandbox, Prism mock, a bare node:http
// ceiling and a JSON floor"): both answer the sandbox's own bytes, and the JSON floor really parses what it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCeiling, startJsonFloor, type Target } from '../../scripts/bench/targets.js';

// An answer as the sandbox writes it: JSON.stringify's bytes, with a character outside ASCII.
const answer = JSON.stringify({ status: 'success', data: { case_report: { id: 7, actual_result: 'Hängt.' } } });
const bodies = { '/api/features/qa/sessions/cases/': answer };
const servers: Target[] = [];

beforeAll(async () => {
  servers.push(await startCeiling(bodies), await startJsonFloor(bodies));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const patch = (origin: string, body: string) =>
  fetch(`${origin}/api/features/qa/sessions/cases/?case_report_id=7`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('the bench reference servers', () => {
  it.each([0, 1])('server %i answers the sandbox bytes for the path, query aside', async (index) => {
    const server = servers[index] as Target;
    const res = await patch(server.origin, '{"status":"done"}');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe(answer);
  });

  it('the JSON floor parses the body: one that is not JSON gets 400 where the ceiling answers as ever', async () => {
    const [ceiling, floor] = servers as [Target, Target];
    expect((await patch(floor.origin, '{"status":')).status).toBe(400);
    expect((await patch(ceiling.origin, '{"status":')).status).toBe(200);
  });

  it('each reports the CPU its process has used, where the OS tells', () => {
    for (const server of servers) {
      const cpu = server.cpuMs();
      if (process.platform === 'linux') expect(cpu).toBeGreaterThanOrEqual(0);
      else expect(cpu).toBeUndefined();
    }
  });
});
