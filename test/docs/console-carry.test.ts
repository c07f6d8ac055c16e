// What a flow carries in the console (README.md, "docs/console.html, the console"): what an answer creates (a
// scenario, a case, a session and its first case report) and the company_id and board_id a request used become the
// values the next operations are prefilled with (a case's `scenario`, a session's `scenario_id`, a finish's
// `sessions_id`, an outcome's `case_report_id`), each marked with the answer it came from; the contract's links of an
// answer (a new token's `key`) too. The page's part runs only in Chromium (reader-flow.test.ts); this is its logic.
import { describe, expect, it } from 'vitest';
import { type Carried, carriedBody, carriedFrom, type Exchange, valueFor } from '../../console/carry.js';
import { isObject } from '../../contract/json.js';
import { dereference } from '../../contract/pointer.js';
import { openapiDocument } from '../../generated/openapi-document.js';

const API = 'http://127.0.0.1:4010/api';
const WORKSPACE = '?company_id=1&board_id=2';

/** The links the contract gives an operation's answer of that status, as the console reads them. */
function linksOf(operationId: string, status: string): Record<string, unknown> {
  for (const item of Object.values(openapiDocument.paths as Record<string, Record<string, unknown>>)) {
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || operation.operationId !== operationId) continue;
      const response = dereference(openapiDocument, (operation.responses as Record<string, unknown>)[status]);
      const links = isObject(response) && isObject(response.links) ? response.links : {};
      return Object.fromEntries(
        Object.entries(links).map(([name, link]) => [name, dereference(openapiDocument, link)]),
      );
    }
  }
  throw new Error(`no operation ${operationId}`);
}

const exchange = (method: string, path: string, status: number, body: unknown): Exchange => ({
  method,
  url: `${API}${path}`,
  status,
  body,
});

/** The values alone, as the next operation's fields take them. */
const values = (carried: Carried) => Object.fromEntries(Object.entries(carried).map(([k, v]) => [k, v.value]));

describe('what an answer carries to the next operations', () => {
  it("a created scenario gives its id (and, by its link, a child's parent_id), and the workspace of the request, each marked with the answer", () => {
    const created = exchange('POST', `/features/qa/scenarios/create/${WORKSPACE}`, 201, {
      status: 'success',
      data: { scenario: { id: 12, title: 'Checkout', parent_id: null } },
    });
    const carried = carriedFrom(created, 'Create a scenario (201)', linksOf('createScenario', '201'));
    expect(carried).toEqual({
      company_id: { value: 1, from: 'Create a scenario (201)' },
      board_id: { value: 2, from: 'Create a scenario (201)' },
      scenario_id: { value: 12, from: 'Create a scenario (201)' },
      parent_id: { value: 12, from: 'Create a scenario (201)' },
    });
  });

  it("prefills a case's scenario, a session's scenario_id, a finish's sessions_id and an outcome's case_report_id", () => {
    const scenario = carriedFrom(
      exchange('POST', `/features/qa/scenarios/create/${WORKSPACE}`, 201, { data: { scenario: { id: 12 } } }),
      'scenario',
    );
    const session = carriedFrom(
      exchange('post', `/features/qa/sessions/start/${WORKSPACE}`, 201, {
        data: { session: { id: 30, scenario_id: 12, case_reports: [{ id: 301 }, { id: 302 }] } },
      }),
      'session',
    );
    const carried = { ...scenario, ...session };
    expect(valueFor(carried, 'scenario')).toEqual({ value: 12, from: 'scenario' });
    expect(valueFor(carried, 'scenario_id')).toEqual({ value: 12, from: 'scenario' });
    expect(valueFor(carried, 'sessions_id')).toEqual({ value: 30, from: 'session' });
    expect(valueFor(carried, 'case_report_id')).toEqual({ value: 301, from: 'session' });
    expect(valueFor(carried, 'assignee_ids')).toBeUndefined();
    expect(valueFor(carried, 'parent_id')).toBeUndefined();
  });

  it("a new token's key comes from the contract's link of its answer", () => {
    const created = exchange('POST', '/member/api-tokens/create/', 201, {
      status: 'success',
      data: { token: { id: 'tok-1', key: 'tm_abc123', title: 'ci-bot' } },
    });
    expect(values(carriedFrom(created, 'token', linksOf('createApiToken', '201')))).toEqual({ key: 'tm_abc123' });
  });

  it('an answer that is not a 2xx carries nothing, not even the workspace it was sent to', () => {
    for (const status of [199, 300, 400, 404, 500]) {
      const refused = exchange('POST', `/features/qa/scenarios/create/${WORKSPACE}`, status, {
        data: { scenario: { id: 12 } },
      });
      expect(carriedFrom(refused, 'x', linksOf('createScenario', '201')), String(status)).toEqual({});
    }
    for (const status of [200, 299]) {
      const ok = exchange('PATCH', `/features/qa/scenarios/rename/${WORKSPACE}`, status, {
        data: { scenario: { id: 9 } },
      });
      expect(values(carriedFrom(ok, 'x')), String(status)).toEqual({ company_id: 1, board_id: 2, scenario_id: 9 });
    }
  });

  it('a read carries its workspace but no id from its answer: a list filter starts empty', () => {
    const list = exchange('GET', `/features/qa/scenarios/list/${WORKSPACE}&parent_id=4`, 200, {
      data: { scenario: { id: 5 }, results: [{ id: 6 }] },
    });
    expect(values(carriedFrom(list, 'list'))).toEqual({ company_id: 1, board_id: 2 });
  });

  it('carries a workspace id only when it is a positive whole number', () => {
    for (const query of ['?company_id=0&board_id=-2', '?company_id=1.5&board_id=abc', '?board_id=', '']) {
      const read = exchange('GET', `/features/qa/scenarios/list/${query}`, 200, {});
      expect(carriedFrom(read, 'x'), query).toEqual({});
    }
  });

  it('an answer without an object under data, or an object without a numeric id, carries no id', () => {
    for (const body of [undefined, 'text', { data: 'x' }, { data: { scenario: { id: '12' } } }, { data: { n: 3 } }]) {
      expect(carriedFrom(exchange('POST', '/member/api-tokens/create/', 201, body), 'x'), JSON.stringify(body)).toEqual(
        {},
      );
    }
    const noFirst = exchange('POST', '/x/', 201, { data: { session: { id: 3, case_reports: [], tags: ['a'] } } });
    expect(values(carriedFrom(noFirst, 'x'))).toEqual({ session_id: 3 });
    const noNumericId = exchange('POST', '/x/', 201, { data: { session: { id: 3, case_reports: [{ id: 'r1' }] } } });
    expect(carriedFrom(noNumericId, 'x')).toEqual({ session_id: { value: 3, from: 'x' } });
  });

  it("a link never overrides the workspace or an id the answer created, and an empty or missing value isn't carried", () => {
    const links = {
      a: { parameters: { company_id: '$request.query.board_id', scenario_id: '$response.body#/data/other/id' } },
      b: { parameters: { title: '$response.body#/data/scenario/title', missing: '$response.body#/data/nothing' } },
      f: { parameters: { whole: '$response.body#/data/scenario', flag: '$response.body#/data/flag' } },
      c: { parameters: { page: '$request.query.page', size: '$request.query.size', fixed: 7, word: 'literal' } },
      d: 'not a link',
      e: { parameters: 'not parameters' },
    };
    const created = exchange('POST', `/features/qa/scenarios/create/${WORKSPACE}&page=3&size=`, 201, {
      data: { scenario: { id: 12, title: '' }, other: { id: 99 }, flag: true },
    });
    expect(values(carriedFrom(created, 'x', links))).toEqual({
      company_id: 1,
      board_id: 2,
      scenario_id: 12,
      other_id: 99,
      page: '3',
      fixed: 7,
    });
  });
});

describe("a JSON body's id fields, prefilled", () => {
  const carried: Carried = {
    scenario_id: { value: 12, from: 'scenario' },
    session_id: { value: 30, from: 'session' },
    case_report_id: { value: 301, from: 'session' },
  };

  it("sets each top-level id field that holds a number to the carried value, and says which (the reader's text kept otherwise)", () => {
    const text = JSON.stringify({ scenario: 0, title: 'Login works', position: 0, nested: { scenario_id: 0 } });
    expect(carriedBody(text, carried)).toEqual({
      text: JSON.stringify({ scenario: 12, title: 'Login works', position: 0, nested: { scenario_id: 0 } }, null, 2),
      filled: ['scenario'],
    });
    expect(carriedBody('{"sessions_id": 1, "case_report_id": 2}', carried)).toEqual({
      text: '{\n  "sessions_id": 30,\n  "case_report_id": 301\n}',
      filled: ['sessions_id', 'case_report_id'],
    });
  });

  it('leaves a field that holds no number alone (the reader typed over it), and a body with nothing to carry', () => {
    expect(carriedBody('{"scenario": "mine"}', carried)).toEqual({ text: '{\n  "scenario": "mine"\n}', filled: [] });
    expect(carriedBody('{"title": "x"}', {})).toEqual({ text: '{\n  "title": "x"\n}', filled: [] });
  });

  it('gives nothing while the text is not a JSON object (the reader is still writing it)', () => {
    for (const text of ['{"scenario": ', '[1, 2]', '12', 'null', ''])
      expect(carriedBody(text, carried), text).toBeUndefined();
  });
});
