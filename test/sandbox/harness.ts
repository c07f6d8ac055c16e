// Test harness: a sandbox whose every response is checked against openapi.yaml, plus small request helpers.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, expect } from 'vitest';
import type { FetchHandler } from '../../contract/http.js';
import { loadContract } from '../../contract/openapi.js';
import { createValidators } from '../../contract/validators.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../mocks/sandbox/core/app.js';
import { API_PREFIX, createRouter } from '../../mocks/sandbox/core/router.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const contract = loadContract();
const validators = createValidators(contract);
const route = createRouter(contract.operations);
const ajv = new Ajv2020({ strict: false });
ajv.addSchema(contract.document, 'openapi.json');
const errorPayload = ajv.compile({ $ref: 'openapi.json#/components/schemas/ErrorPayload' });

/** Checks every response a handler gives: declared status (or `default`), body valid for it, never a 5xx. */
export class ResponseChecker {
  readonly violations: string[] = [];
  /** `operationId status` (or `- status` outside the contract) → how many times it was seen. */
  readonly exercised = new Map<string, number>();

  wrap(inner: FetchHandler): FetchHandler {
    return async (request) => {
      const { pathname, search } = new URL(request.url);
      const res = await inner(request);
      const text = res.body === null ? undefined : await res.clone().text();
      this.check(request.method, `${pathname}${search}`, res.status, headersOf(res), text);
      return res;
    };
  }

  check(method: string, url: string, status: number, headers: Record<string, string>, text: string | undefined): void {
    const where = `${method} ${url.slice(0, 120)} → ${status}`;
    if (status >= 500) this.violations.push(`${where}: a 5xx is a sandbox bug`);
    const found = route(method, url.split('?')[0] as string);
    const operationId = found.kind === 'operation' ? found.operation.operationId : '-';
    const key = `${operationId} ${status}`;
    this.exercised.set(key, (this.exercised.get(key) ?? 0) + 1);
    let body: unknown;
    if (text !== undefined && text !== '') {
      if (!String(headers['content-type']).startsWith('application/json')) {
        this.violations.push(`${where}: body without a JSON content-type`);
        return;
      }
      try {
        body = JSON.parse(text);
      } catch {
        this.violations.push(`${where}: body is not JSON`);
        return;
      }
    }
    if (found.kind === 'operation') {
      const errors = validators.response(operationId, status, body);
      if (errors === undefined) this.violations.push(`${where}: status not declared by ${operationId}`);
      else if (errors.length > 0) this.violations.push(`${where}: ${JSON.stringify(errors)}`);
    } else if (status >= 400 && !errorPayload(body)) {
      this.violations.push(`${where}: not the contract's error payload`);
    }
  }
}

/** A Response's headers as a plain object (lower-case names). */
export function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** A Request to the sandbox for `url` (path and query, e.g. `/api/member/me/`); a body on GET or HEAD is dropped. */
export function requestTo(method: string, url: string, headers: Record<string, string> = {}, body?: string): Request {
  const upper = method.toUpperCase();
  const sendsBody = body !== undefined && upper !== 'GET' && upper !== 'HEAD';
  return new Request(`http://sandbox.test${url}`, { method, headers, ...(sendsBody ? { body } : {}) });
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON; the checker has validated its shape.
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is, without JSON.stringify. */
  raw?: string;
  auth?: string;
  headers?: Record<string, string>;
}

export interface SandboxUnderTest {
  sandbox: Sandbox;
  /** The sandbox's fetch, with every answer checked. */
  fetch: FetchHandler;
  checker: ResponseChecker;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** Logs in and returns `JWT <access token>`. */
  loginAs(username: string, password: string, code?: string): Promise<string>;
}

/** A sandbox for one test file; its responses are checked, and the file fails if any broke the contract. */
export function sandboxUnderTest(options?: SandboxOptions): SandboxUnderTest {
  const sandbox = createSandbox(options);
  const checker = new ResponseChecker();
  const fetch = checker.wrap(sandbox.fetch);
  afterAll(() => {
    expect(checker.violations, 'responses that break openapi.yaml').toEqual([]);
  });
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth !== undefined) headers.authorization = options.auth;
    let body = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(requestTo(method, `${API_PREFIX}${path}`, headers, body));
    const text = await res.text();
    return { status: res.status, headers: headersOf(res), json: text ? JSON.parse(text) : undefined };
  };
  const loginAs = async (username: string, password: string, code?: string) => {
    const res = await call('POST', '/member/login/', {
      body: { username, password, captcha_token: DEMO.captchaToken, ...(code === undefined ? {} : { code }) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return `JWT ${res.json.data.access_token}`;
  };
  return { sandbox, fetch, checker, call, loginAs };
}

/** `company_id=…&board_id=…` of the demo board, plus extra query pairs. */
export function onBoard(extra: Record<string, string | number> = {}, boardId: number = DEMO.boardId): string {
  const companyId = boardId === DEMO.outsiderBoardId ? DEMO.outsiderCompanyId : DEMO.companyId;
  const params = new URLSearchParams({ company_id: String(companyId), board_id: String(boardId) });
  for (const [k, v] of Object.entries(extra)) params.append(k, String(v));
  return params.toString();
}
