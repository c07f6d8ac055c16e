// QA rules for sessions and outcomes (source §2, §3 transitions and rules, §8): start, done, bug, linked task, finish.
// Each check reviews a scenario and cases of its own: a server that allows one running session per scenario, links
// one task per case or locks an outcome once recorded blocks nothing beyond the rule about it.

import { numericId, objectIn, type WorkspaceId } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import { refusedNaming } from '../engine/payload.js';
import { blameRow, ensure, ensureNone, expectRejected, expectSuccess } from '../harness/assertions.js';
import { boardQuery, createHarness } from '../harness/harness.js';
import { type Found, listedSession, listSessions, listTasks, type QaSession } from '../harness/list-readers.js';
import { bugVocabulary, createCase, createScenario, ensureVocabulary, startSession } from '../harness/setup-steps.js';

type CaseReport = Found;
type Task = Found;

const h = createHarness(import.meta.url);
// A scenario with cases and a session of its own for each outcome check, and the tree of the descendants check.
h.creates({ scenarios: 17, sessions: 15 });

/** A session of the check's own: started for a new scenario holding `cases` new cases. */
interface Own extends QaSession {
  caseIds: number[];
  /** The case titles, which a server may copy into the linked task. */
  caseTitles: string[];
}

async function ownSession(label: string, cases = 1): Promise<Own> {
  const member = await h.as('member');
  const scenario = await createScenario(h, member, h.board, { title: h.title(`${label} scenario`), parent_id: null });
  const caseIds: number[] = [];
  const caseTitles: string[] = [];
  for (let i = 1; i <= cases; i++) {
    const title = h.title(`${label} case ${i}`);
    caseIds.push((await createCase(h, member, h.board, scenario.id, title)).id);
    caseTitles.push(title);
  }
  const session = await startSession(h, member, h.board, scenario.id);
  return { ...session, caseIds, caseTitles };
}

function firstReport(session: QaSession, index = 0): CaseReport {
  const report = session.case_reports[index];
  ensure(report, `the started session ${session.id} holds no case report ${index + 1}`);
  return report;
}

async function record(reportId: number, body: Record<string, unknown>): Promise<Answer> {
  return h.callLoose(await h.as('member'), 'recordCaseOutcome', {
    query: { ...h.board, case_report_id: reportId },
    body,
  });
}

/** A bug outcome with every field: the severity and priority of the profile (or the contract's examples). */
const bug = (actual: string): Record<string, unknown> => {
  const { severity, priority } = bugVocabulary(h);
  return { status: 'bug', actual_result: actual, severity, priority };
};

/** Records a bug outcome with a text of its own (the run marker in it) and expects it to succeed. */
async function recordBug(reportId: number, label: string): Promise<{ answer: Answer; text: string }> {
  const text = h.title(label);
  const answer = await record(reportId, bug(text));
  ensureVocabulary(h, answer);
  expectSuccess(answer, 'PATCH /features/qa/sessions/cases/ with status bug');
  return { answer, text };
}

/**
 * The session as GET /features/qa/sessions/ lists it now, under is_active true or false: which of the two lists a
 * session is QA-20's business (the state table names the states, the filter is is_active).
 */
async function readSession(sessionId: number): Promise<QaSession | undefined> {
  const session = await listedSession(h, await h.as('member'), h.board, sessionId);
  if (session) blameRow(h, session);
  return session;
}

/** The report as the session list shows it now. */
async function readReport(sessionId: number, reportId: number): Promise<CaseReport> {
  const report = (await readSession(sessionId))?.case_reports?.find((r) => r.id === reportId);
  ensure(
    report,
    `neither sessions list (is_active true or false) holds session ${sessionId} with case report ${reportId}`,
  );
  return report;
}

const taskIds = async (): Promise<Set<number>> =>
  new Set((await listTasks(h, await h.as('member'), h.board)).map((t) => t.id));

/** What ties a task to the check's own outcomes: their case reports, their cases, the texts the check chose. */
interface Link {
  reports: readonly number[];
  cases: readonly number[];
  texts: readonly string[];
}

const linkOf = (own: Own, texts: readonly string[]): Link => ({
  reports: own.case_reports.map((r) => r.id),
  cases: own.caseIds,
  texts: [...texts, ...own.caseTitles],
});

/**
 * Whether the task links to one of the check's reports or cases by a member of its own (`case_report_id`, `case_id`,
 * whatever the server calls it: the source says only that a bug "creates or updates a linked task"); undefined when
 * the task shows no such member.
 */
function linksTo(task: Task, link: Link): boolean | undefined {
  let shows = false;
  for (const [name, value] of Object.entries(task)) {
    const id = numericId(value);
    const against = /report/i.test(name) ? link.reports : /case/i.test(name) ? link.cases : undefined;
    if (id === undefined || against === undefined) continue;
    shows = true;
    if (against.includes(id)) return true;
  }
  return shows ? false : undefined;
}

const mentions = (task: Task, link: Link): boolean => {
  const text = JSON.stringify(task);
  return link.texts.some((t) => text.includes(JSON.stringify(t).slice(1, -1)));
};

/**
 * Tasks listed now that were not in `before` and belong to the check's own outcomes, so that other people's new tasks
 * on a shared board do not count: those that link to its reports or cases where tasks show a link; else those that
 * carry a text the check chose (its actual_result, its case titles); else, where tasks show neither, every new one.
 */
async function newTasks(before: Set<number>, link: Link): Promise<Task[]> {
  const ours = (rows: Found[]): Task[] => {
    const appeared = rows.filter((t) => !before.has(t.id));
    if (appeared.some((t) => linksTo(t, link) !== undefined)) return appeared.filter((t) => linksTo(t, link) === true);
    const mentioning = appeared.filter((t) => mentions(t, link));
    return mentioning.length > 0 ? mentioning : appeared;
  };
  return ours(await listTasks(h, await h.as('member'), h.board, (r) => ours(r).length > 0));
}

const sorted = (ids: readonly number[]): string => JSON.stringify([...ids].sort((a, b) => a - b));

/**
 * A task without its timestamp members (`updated_at`, `modified`…): the source says finishing does not resolve the
 * defect, which a changed status, column or flag would show; a refreshed timestamp alone is not a resolution.
 */
const withoutTimestamps = (task: Task): Record<string, unknown> =>
  Object.fromEntries(Object.entries(task).filter(([k]) => !/_(at|on)$|^(updated|modified)/.test(k)));

h.rule(
  'QA-08',
  'starting a session creates one pending report per case of the scenario and its descendants',
  async () => {
    const member = await h.as('member');
    const root = await createScenario(h, member, h.board, { title: h.title('session root'), parent_id: null });
    const child = await createScenario(h, member, h.board, { title: h.title('session child'), parent_id: root.id });
    const grandchild = await createScenario(h, member, h.board, {
      title: h.title('session grandchild'),
      parent_id: child.id,
    });
    const casesOf = async (scenario: number, labels: readonly string[]) => {
      const ids: number[] = [];
      for (const label of labels) ids.push((await createCase(h, member, h.board, scenario, h.title(label))).id);
      return ids;
    };
    const rootCases = await casesOf(root.id, ['root case 1', 'root case 2']);
    const childCases = await casesOf(child.id, ['child case']);
    const grandchildCases = await casesOf(grandchild.id, ['grandchild case']);
    for (const [scenario, cases, label] of [
      [root.id, [...rootCases, ...childCases, ...grandchildCases], 'the root'],
      [child.id, [...childCases, ...grandchildCases], 'a child'],
    ] as const) {
      const session = await startSession(h, member, h.board, scenario);
      const reports = session.case_reports;
      ensure(Array.isArray(reports), `the session started for ${label} has no case_reports array`);
      ensure(
        reports.length === cases.length,
        `the session for ${label} holds ${reports.length} case reports; its scenario and descendants have ${cases.length} cases`,
      );
      const notPending = reports.filter((r) => r.status !== 'pending');
      ensure(
        notPending.length === 0,
        `the new session holds reports that are not pending: ${notPending.map((r) => r.status).join(', ')}`,
      );
      const got = reports.map((r) => numericId(r.case_id));
      if (got.every((id): id is number => id !== undefined)) {
        ensure(
          sorted(got) === sorted(cases),
          `the session for ${label} reports cases ${sorted(got)}, expected ${sorted(cases)}`,
        );
      }
    }
  },
);

h.rule('QA-09', 'a started session is listed with its case_reports', async () => {
  const session = await ownSession('listed');
  const listed = await readSession(session.id);
  ensure(
    listed,
    `GET /features/qa/sessions/ lists the new session ${session.id} neither with is_active=true nor false`,
  );
  ensure(Array.isArray(listed.case_reports), `the listed session ${session.id} has no case_reports array`);
  ensure(
    listed.case_reports.length === session.case_reports.length,
    `the listed session holds ${listed.case_reports.length} case reports, the started one ${session.case_reports.length}`,
  );
});

h.rule('QA-10', 'a done outcome moves a pending report to done', async () => {
  const session = await ownSession('done');
  const report = firstReport(session);
  expectSuccess(await record(report.id, { status: 'done' }), 'PATCH /features/qa/sessions/cases/ with status done');
  const read = await readReport(session.id, report.id);
  ensure(read.status === 'done', `after a done outcome the report reads ${JSON.stringify(read.status)}`);
});

h.rule('QA-11', 'a bug outcome with all its fields moves the report to bug', async () => {
  const session = await ownSession('bug');
  const report = firstReport(session);
  await recordBug(report.id, 'Fails on purpose.');
  const read = await readReport(session.id, report.id);
  ensure(read.status === 'bug', `after a bug outcome the report reads ${JSON.stringify(read.status)}`);
});

for (const missing of ['actual_result', 'severity', 'priority']) {
  h.rule('QA-12', `a bug outcome without ${missing} is rejected naming it`, async () => {
    const session = await ownSession(`bug without ${missing}`);
    const report = firstReport(session);
    const { [missing]: _dropped, ...body } = bug(h.title('Missing a field on purpose.'));
    const answer = await record(report.id, body);
    // A refusal of the suite's own severity or priority (and not of the missing field) says nothing about this rule.
    if (!refusedNaming(answer, missing)) ensureVocabulary(h, answer);
    expectRejected(answer, `a bug outcome without ${missing}`, missing);
    const read = await readReport(session.id, report.id);
    ensure(read.status === 'pending', `after the rejected outcome the report reads ${JSON.stringify(read.status)}`);
  });
}

h.rule('QA-13', 'a status other than pending, done or bug is rejected naming status', async () => {
  const session = await ownSession('unknown status');
  const report = firstReport(session);
  expectRejected(await record(report.id, { status: 'passed' }), 'an outcome with status "passed"', 'status');
});

h.rule('QA-14', 'pending is accepted as a case-report status', async () => {
  const session = await ownSession('pending');
  const report = firstReport(session);
  let answer = await record(report.id, { status: 'pending' });
  let what = 'PATCH /features/qa/sessions/cases/ with status pending';
  // "pending is a valid value" (§3 rule 3) says not where: a server may refuse the no-op pending → pending and take
  // pending to reopen a reviewed report. Pending is judged where the server accepts it.
  if (refusedAsLocked(answer)) {
    const refused = answer.status;
    expectSuccess(await record(report.id, { status: 'done' }), 'PATCH /features/qa/sessions/cases/ with status done');
    answer = await record(report.id, { status: 'pending' });
    what = `${what} on a done report (on the pending report it got ${refused})`;
  }
  expectSuccess(answer, what);
  const read = await readReport(session.id, report.id);
  ensure(read.status === 'pending', `after a pending outcome the report reads ${JSON.stringify(read.status)}`);
});

/** Records a bug and returns the tasks of the check's own that appeared with it. */
async function bugAndNewTasks(
  own: Own,
  reportId: number,
  label: string,
): Promise<{ answer: Answer; created: Task[]; text: string }> {
  const before = await taskIds();
  const { answer, text } = await recordBug(reportId, label);
  return { answer, text, created: await newTasks(before, linkOf(own, [text])) };
}

/** The linked task id an outcome answer names (contract: data.case_report.task_id), if any. */
function linkedTaskId(answer: Answer): number | undefined {
  return numericId(objectIn(answer.body, 'case_report')?.task_id);
}

h.rule('QA-15', "a report's first bug outcome creates one linked task on the board", async () => {
  const session = await ownSession('first bug');
  const { answer, created } = await bugAndNewTasks(session, firstReport(session).id, 'First defect.');
  blameRow(h, created[1]);
  ensure(created.length === 1, `the first bug outcome added ${created.length} tasks to GET /task/list/, expected 1`);
  const linked = linkedTaskId(answer);
  ensure(
    linked === undefined || created[0]?.id === linked,
    `the outcome names task ${linked}, but the new task is ${created[0]?.id}`,
  );
});

/** A refusal of a second outcome on a report: the source shows no transition out of done or bug (§3 rule 4). */
const refusedAsLocked = (a: Answer): boolean =>
  a.status !== undefined && a.status >= 400 && a.status < 500 && a.status !== 401 && a.status !== 404;

h.rule('QA-16', 'a second bug outcome updates the linked task rather than creating another', async (t) => {
  const session = await ownSession('second bug');
  const report = firstReport(session);
  const first = await bugAndNewTasks(session, report.id, 'First defect.');
  ensure(first.created.length === 1, `the first bug outcome added ${first.created.length} tasks, expected 1`);
  const before = await taskIds();
  const text = h.title('Second look: still broken.');
  const second = await record(report.id, bug(text));
  // A server that locks an outcome once recorded never reaches the update this rule judges, and must create no task
  // for the refused write.
  if (refusedAsLocked(second) && !refusedNaming(second, 'severity') && !refusedNaming(second, 'priority')) {
    const created = await newTasks(before, linkOf(session, [text]));
    ensure(created.length === 0, `the refused second bug outcome still added ${created.length} tasks`);
    return t.skip(
      `the server refuses a second outcome on a report (${second.status}): outcomes are locked once recorded`,
    );
  }
  ensureVocabulary(h, second);
  expectSuccess(second, 'PATCH /features/qa/sessions/cases/ with status bug');
  const created = await newTasks(before, linkOf(session, [text, first.text]));
  blameRow(h, created[0]);
  ensure(created.length === 0, `the second bug outcome added ${created.length} more tasks to GET /task/list/`);
  const [a, b] = [linkedTaskId(first.answer), linkedTaskId(second)];
  ensure(a === undefined || b === undefined || a === b, `the two bug outcomes name different tasks (${a} and ${b})`);
});

/**
 * Reviews every report of the session: done, and bug for the first unless `withBug` is false (a bug leaves a task).
 * Returns the texts of the bugs recorded.
 */
async function reviewAll(session: QaSession, withBug = true): Promise<string[]> {
  const texts: string[] = [];
  for (const [i, report] of session.case_reports.entries()) {
    if (i === 0 && withBug) texts.push((await recordBug(report.id, 'Found while reviewing.')).text);
    else
      expectSuccess(
        await record(report.id, { status: 'done' }),
        `PATCH /features/qa/sessions/cases/ for report ${report.id}`,
      );
  }
  return texts;
}

async function finish(sessionId: number): Promise<Answer> {
  return h.call(await h.as('member'), 'finishSession', { query: h.board, body: { sessions_id: sessionId } });
}

h.rule('QA-17', 'a session reviewed with done and bug outcomes can be finished', async () => {
  const session = await ownSession('finished with a bug', 2);
  await reviewAll(session);
  expectSuccess(
    await finish(session.id),
    'PATCH /features/qa/sessions/finish/ for a session whose reports are all done or bug',
  );
});

h.rule('QA-20', 'is_active=true lists a started session, is_active=false a finished one', async () => {
  const session = await ownSession('active then finished');
  const member = await h.as('member');
  const holds = (rows: readonly QaSession[]) => rows.some((s) => s.id === session.id);
  // Looked for where it should be (walked again if torn), not where it should not.
  const listed = async (active: boolean, lookFor = false) =>
    await listSessions(h, member, h.board, active, lookFor ? holds : undefined);
  ensure(
    holds(await listed(true, true)),
    `GET /features/qa/sessions/?is_active=true does not list the started session ${session.id}`,
  );
  ensureNone(
    h,
    await listed(false),
    (s) => s.id === session.id,
    `the started session ${session.id} is listed with is_active=false`,
  );
  await reviewAll(session, false);
  expectSuccess(await finish(session.id), 'PATCH /features/qa/sessions/finish/');
  ensure(
    holds(await listed(false, true)),
    `GET /features/qa/sessions/?is_active=false does not list the finished session ${session.id}`,
  );
  ensureNone(
    h,
    await listed(true),
    (s) => s.id === session.id,
    `the finished session ${session.id} is still listed with is_active=true`,
  );
});

h.rule('QA-18', 'finishing a session leaves its linked task listed and unchanged', async () => {
  const session = await ownSession('finished, task kept', 2);
  const before = await taskIds();
  const texts = await reviewAll(session);
  const created = await newTasks(before, linkOf(session, texts));
  blameRow(h, created[1]);
  ensure(created.length === 1, `the bug outcome added ${created.length} tasks, expected 1 linked task`);
  const task = created[0] as Task;
  expectSuccess(await finish(session.id), 'PATCH /features/qa/sessions/finish/');
  const isTask = (t: Found) => t.id === task.id;
  const after = (await listTasks(h, await h.as('member'), h.board, (r) => r.some(isTask))).find(isTask);
  ensure(after, `the linked task ${task.id} is gone from GET /task/list/ after the session was finished`);
  blameRow(h, after);
  ensure(
    JSON.stringify(withoutTimestamps(after)) === JSON.stringify(withoutTimestamps(task)),
    `finishing the session changed the linked task ${task.id}: ${JSON.stringify(task)} → ${JSON.stringify(after)}`,
  );
});

h.rule('QA-19', 'starting a session on a board without a todo-kind column is rejected and creates none', async (t) => {
  const boardId = h.run.profile.boardWithoutTodoColumnId;
  if (boardId === undefined) t.skip('the profile names no boardWithoutTodoColumnId');
  const board = { company_id: h.run.profile.companyId, board_id: boardId as WorkspaceId };
  const member = await h.as('member');
  const scenario = await createScenario(h, member, board, { title: h.title('no todo column'), parent_id: null });
  await createCase(h, member, board, scenario.id, h.title('never reviewed'));
  const sessionIds = async () =>
    [...(await listSessions(h, member, board, true)), ...(await listSessions(h, member, board, false))].map(
      (s) => s.id,
    );
  const before = await sessionIds();
  const answer = await h.call(member, 'startSession', { query: boardQuery(board), body: { scenario_id: scenario.id } });
  expectRejected(answer, 'POST /features/qa/sessions/start/ on a board without a todo-kind column');
  const after = await sessionIds();
  h.blame(answer);
  ensure(
    sorted(after) === sorted(before),
    `the rejected start still created a session: ${after.length - before.length} more listed`,
  );
});

export default h.checks;
