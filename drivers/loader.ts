// The requests npm run bench sends to set up its loads (docs/benchmarks.md): an answer other than the one expected stops the run with an error naming the request and its status.

/** A refusal (429, 503, any status but the one expected) met while setting up a load. */
export class LoadRefused extends Error {
  override readonly name = 'LoadRefused';
  constructor(
    readonly request: string,
    readonly status: number,
    expected: number,
    text: string,
  ) {
    let said = text.slice(0, 300);
    try {
      said = String(JSON.parse(text).message ?? said);
    } catch {
      // Not JSON: the text as it came.
    }
    super(`${request} answered ${status}, not ${expected}: ${said}`);
  }
}

/** Sends a request and returns the answer's text when its status is `expected`; otherwise throws LoadRefused. */
export async function expectAnswer(
  url: string,
  init: RequestInit & { expected: number; what?: string },
  fetchFn: (input: string, init?: RequestInit) => Promise<Response> = fetch,
): Promise<string> {
  const { expected, what, ...rest } = init;
  const res = await fetchFn(url, rest);
  const text = await res.text();
  if (res.status !== expected) {
    throw new LoadRefused(what ?? `${rest.method ?? 'GET'} ${new URL(url).pathname}`, res.status, expected, text);
  }
  return text;
}

/** The `data` of a JSON envelope answered with `expected`. */
export async function expectData<T = Record<string, unknown>>(
  url: string,
  init: RequestInit & { expected: number; what?: string },
  fetchFn?: (input: string, init?: RequestInit) => Promise<Response>,
): Promise<T> {
  return (JSON.parse(await expectAnswer(url, init, fetchFn)) as { data: T }).data;
}
