// The system side of the model-based test: a sandbox in process, every answer checked against openapi.yaml, every
// request written down as a line a person can replay (credentials shown by whose they are, never their value).
import { expect } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { ResponseChecker } from '../harness.js';

export const BASE = 'http://sandbox.test/api';
export const CAPTCHA = 'test-captcha';

export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** The Authorization header's value, and whose it is (printed instead of the value). */
  auth?: { header: string; label: string };
}

export interface Answer {
  status: number;
  /** The parsed JSON body, or undefined for an empty one. */
  body: Record<string, unknown> | undefined;
}

function frozenClock(): () => number {
  const start = Date.now();
  return () => start;
}

export class Real {
  private readonly checker = new ResponseChecker();
  // The clock stands still, so the throttles' windows (ten wrong passwords a minute) do not depend on the machine's speed.
  private readonly fetch = this.checker.wrap(createSandbox({ controls: false, now: frozenClock() }).fetch);
  /** How many answers of each status this run got: the test reports them, so a run that only met refusals shows. */
  readonly statuses = new Map<number, number>();
  /** Every request of this run, as printable lines; kept only when asked (the replay of a shrunk counterexample). */
  readonly log: string[] | undefined;
  /** True while `observe` reads the lists: its reads are not written to the log (they follow every step alike). */
  observing = false;

  constructor(options: { log?: boolean } = {}) {
    this.log = options.log ? [] : undefined;
  }

  async send(call: Call): Promise<Answer> {
    const url = new URL(BASE + call.path);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    if (call.auth) headers.authorization = call.auth.header;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const res = await this.fetch(new Request(url, { method: call.method, headers, body }));
    const text = await res.text();
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    const parsed = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
    if (!this.observing)
      this.log?.push(
        `${call.method} ${url.pathname}${url.search}${call.auth ? ` [${call.auth.label}]` : ''}${body ? ` ${body}` : ''} → ${res.status}`,
      );
    return { status: res.status, body: parsed };
  }

  /** No answer broke the contract (declared status, body valid for it, never a 5xx). */
  expectContractKept(): void {
    expect(this.checker.violations).toEqual([]);
  }
}

/** §1 envelope: a success is `{status: "success", data: {…}}` (a deletion may have no data); a failure is no success. */
export function expectEnvelope(answer: Answer, where: string): void {
  if (answer.status >= 200 && answer.status < 300) {
    expect(answer.body?.status, `${where}: envelope status`).toBe('success');
    if (answer.body?.data !== undefined) expect(typeof answer.body.data, `${where}: data`).toBe('object');
  } else {
    // §7 rule 3: an error payload is returned on failure; it never claims success.
    expect(answer.body, `${where}: error payload`).toBeTypeOf('object');
    expect(answer.body?.status, `${where}: a refusal is no success`).not.toBe('success');
  }
}

/** `data.<name>` of a success answer. */
export function dataOf<T>(answer: Answer, name: string): T {
  const data = answer.body?.data as Record<string, unknown> | undefined;
  return data?.[name] as T;
}
