// The outcome PATCH's answer (source §4 recordCaseOutcome; docs/benchmarks.md "where they go"): its text is written
// field by field, and must be the very bytes JSON.stringify gives for the contract's CaseReport view, whatever the
// report holds.
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { API_PREFIX } from '../../mocks/sandbox/core/router.js';
import type { CaseReport, CaseReportStatus } from '../../mocks/sandbox/domain/records.js';
import { caseReportJson } from '../../mocks/sandbox/handlers/view-json.js';
import { caseReportView } from '../../mocks/sandbox/handlers/views.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, requestTo, sandboxUnderTest } from './harness.js';

// Any UTF-16 text: quotes, backslashes, control characters, astral characters and lone surrogates among the rest.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\u2028', '\uD83D', '\uDE00', 'a'),
  }),
);
const id = fc.oneof(fc.nat(), fc.maxSafeInteger(), fc.constant(0));
const report: fc.Arbitrary<CaseReport> = fc.record({
  id,
  sessionId: id,
  caseId: id,
  status: fc.constantFrom<CaseReportStatus>('pending', 'done', 'bug'),
  actual_result: fc.option(anyText, { nil: null }),
  severity: fc.option(anyText, { nil: null }),
  priority: fc.option(anyText, { nil: null }),
  task_id: fc.option(id, { nil: null }),
});

describe('the outcome answer written field by field', () => {
  test('is JSON.stringify of the CaseReport view, for any report', () => {
    fc.assert(
      fc.property(report, (r) => {
        expect(caseReportJson(r)).toBe(JSON.stringify(caseReportView(r)));
      }),
      { seed: 7, numRuns: 3_000 },
    );
  });

  test('a number JSON has no word for (NaN, the infinities) is written null, as JSON.stringify writes it', () => {
    for (const odd of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const r: CaseReport = {
        id: odd,
        sessionId: odd,
        caseId: odd,
        status: 'pending',
        actual_result: null,
        severity: null,
        priority: null,
        task_id: odd,
      };
      expect(caseReportJson(r)).toBe(JSON.stringify(caseReportView(r)));
    }
  });

  const { call, loginAs, fetch } = sandboxUnderTest();
  let auth: string;
  let reportId: number;
  beforeAll(async () => {
    auth = await loginAs(DEMO.accounts.member.username, DEMO.accounts.member.password);
    const started = await call('POST', `/features/qa/sessions/start/?${onBoard()}`, {
      auth,
      body: { scenario_id: DEMO.scenarios.checkout },
    });
    expect(started.status).toBe(201);
    reportId = started.json.data.session.case_reports[0].id;
  });

  test('over the sandbox: the PATCH answers the bytes of its view serialised, escapes and all', async () => {
    // Text the contract accepts (well-formed Unicode): a lone surrogate is refused before any answer is written.
    const sent = ['Hangs "hard" on C:\\tmp', 'line\nbreak\ttab\u0001', 'émoji 😀 and \u2028'];
    for (const actual of sent) {
      const body = JSON.stringify({ status: 'bug', actual_result: actual, severity: 'ma"jor', priority: 'hi\\gh' });
      const res = await fetch(
        requestTo(
          'PATCH',
          `${API_PREFIX}/features/qa/sessions/cases/?${onBoard({ case_report_id: reportId })}`,
          { authorization: auth, 'content-type': 'application/json' },
          body,
        ),
      );
      const text = await res.text();
      expect(res.status, text).toBe(200);
      const answer = JSON.parse(text);
      expect(answer.data.case_report).toMatchObject({
        id: reportId,
        status: 'bug',
        actual_result: actual,
        severity: 'ma"jor',
        priority: 'hi\\gh',
      });
      expect(text).toBe(JSON.stringify(answer));
    }
    // Another status clears the bug's fields: nulls where the strings were.
    const done = await fetch(
      requestTo(
        'PATCH',
        `${API_PREFIX}/features/qa/sessions/cases/?${onBoard({ case_report_id: reportId })}`,
        { authorization: auth, 'content-type': 'application/json' },
        JSON.stringify({ status: 'done' }),
      ),
    );
    const text = await done.text();
    expect(JSON.parse(text).data.case_report).toMatchObject({ status: 'done', actual_result: null, severity: null });
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
  });
});
