// QA rules for scenarios and cases (source §2, §4, §7): create, read, rename, hierarchy, filters, availability and
// complete deletion.

import { isObject } from '../../contract/json.js';
import { idOf, numericId, rowsIn } from '../engine/discovery.js';
import { blameRow, ensure, ensureNone, expectStatus, expectSuccess } from '../harness/assertions.js';
import { createHarness } from '../harness/harness.js';
import { type Found, listCases, listScenarios, listSessions } from '../harness/list-readers.js';
import { caseIdentity, expectGone, scenarioIdentity, stillListed } from '../harness/read-back.js';
import { caseFields, createCase, createScenario, readObject, startSession } from '../harness/setup-steps.js';

const h = createHarness(import.meta.url);
// Scenario trees of the CRUD, filter and deletion checks, and the session QA-07 deletes with its scenario.
h.creates({ scenarios: 16, sessions: 1 });

const readScenario = async (id: number) =>
  readObject(h, await h.as('member'), 'getScenario', { ...h.board, scenario_id: id });
const readCase = async (id: number) => readObject(h, await h.as('member'), 'getCase', { ...h.board, case_id: id });

async function deleteScenario(id: number): Promise<void> {
  const answer = await h.call(await h.as('member'), 'deleteScenario', { query: { ...h.board, scenario_id: id } });
  // Any 2xx, with a body or without (source §1: "Some operations, such as deletion, may return no data object").
  expectSuccess(answer, 'DELETE /features/qa/scenarios/');
}

async function deleteCase(id: number): Promise<void> {
  const answer = await h.call(await h.as('member'), 'deleteCase', { query: { ...h.board, case_id: id } });
  expectSuccess(answer, 'DELETE /features/qa/cases/');
}

h.rule('QA-01', 'a scenario can be created, read, renamed and deleted', async () => {
  const member = await h.as('member');
  const title = h.title('crud scenario');
  const created = await createScenario(h, member, h.board, { title, parent_id: null });
  ensure(created.title === title, `the created scenario reads ${JSON.stringify(created.title)} as title`);
  const read = await readScenario(created.id);
  expectSuccess(read.answer, 'GET /features/qa/scenarios/');
  ensure(read.object?.title === title, `GET /features/qa/scenarios/ reads ${JSON.stringify(read.object?.title)}`);
  const renamed = h.title('renamed scenario');
  expectSuccess(
    await h.call(member, 'updateScenario', {
      query: { ...h.board, scenario_id: created.id },
      body: { title: renamed },
    }),
    'PATCH /features/qa/scenarios/',
  );
  const reread = await readScenario(created.id);
  ensure(
    reread.object?.title === renamed,
    `after the rename the scenario reads ${JSON.stringify(reread.object?.title)}`,
  );
  await deleteScenario(created.id);
  const after = 'GET /features/qa/scenarios/ after the delete';
  expectGone(h, await readScenario(created.id), created.id, scenarioIdentity(renamed, null), after);
});

h.rule('QA-02', 'a scenario created with a parent_id reads back with it', async () => {
  const member = await h.as('member');
  const parent = await createScenario(h, member, h.board, { title: h.title('parent'), parent_id: null });
  const child = await createScenario(h, member, h.board, { title: h.title('child'), parent_id: parent.id });
  const read = await readScenario(child.id);
  expectSuccess(read.answer, 'GET /features/qa/scenarios/ for the child');
  ensure(
    numericId(read.object?.parent_id) === parent.id,
    `the child reads parent_id ${JSON.stringify(read.object?.parent_id)}, not ${parent.id}`,
  );
});

const sortedIds = (rows: readonly Found[]): number[] => rows.map((s) => s.id).sort((a, b) => a - b);

h.rule('QA-03', 'the parent_id filter lists exactly the direct children', async () => {
  const member = await h.as('member');
  const parent = await createScenario(h, member, h.board, { title: h.title('filter parent'), parent_id: null });
  const first = await createScenario(h, member, h.board, { title: h.title('filter child 1'), parent_id: parent.id });
  const second = await createScenario(h, member, h.board, { title: h.title('filter child 2'), parent_id: parent.id });
  await createScenario(h, member, h.board, { title: h.title('filter grandchild'), parent_id: first.id });
  const expected = sortedIds([first, second]);
  const rows = await listScenarios(h, member, h.board, parent.id, (r) =>
    expected.every((id) => r.some((s) => s.id === id)),
  );
  const listed = sortedIds(rows);
  // A row that is no direct child is shown on the page that listed it.
  blameRow(
    h,
    rows.find((r) => !expected.includes(r.id)),
  );
  ensure(
    JSON.stringify(listed) === JSON.stringify(expected),
    `parent_id=${parent.id} listed [${listed.join(', ')}], expected its children [${expected.join(', ')}]`,
  );
});

h.rule('QA-04', 'a test case can be created, read, updated and deleted', async () => {
  const member = await h.as('member');
  const scenario = await createScenario(h, member, h.board, { title: h.title('case crud'), parent_id: null });
  const title = h.title('crud case');
  const created = await createCase(h, member, h.board, scenario.id, title);
  const read = await readCase(created.id);
  expectSuccess(read.answer, 'GET /features/qa/cases/');
  // Judged by what a later read returns, never by the write's own answer: every field of the creation (source §4).
  for (const [field, value] of Object.entries(caseFields(title, h.marker))) {
    ensure(
      read.object?.[field] === value,
      `GET /features/qa/cases/ reads ${field} ${JSON.stringify(read.object?.[field])}, not the ${JSON.stringify(value)} it was created with`,
    );
  }
  // PATCH takes "any of title, description, steps_to_reproduce, expected_result": each is changed, then read back.
  const changes = {
    title: h.title('updated case'),
    description: `Described again by run ${h.marker}.`,
    steps_to_reproduce: `1. Update the case in run ${h.marker}.`,
    expected_result: `Updated by run ${h.marker}.`,
  };
  for (const [field, value] of Object.entries(changes)) {
    expectSuccess(
      await h.call(member, 'updateCase', { query: { ...h.board, case_id: created.id }, body: { [field]: value } }),
      `PATCH /features/qa/cases/ with ${field}`,
    );
  }
  const reread = await readCase(created.id);
  for (const [field, value] of Object.entries(changes)) {
    ensure(
      reread.object?.[field] === value,
      `after the update the case reads ${field} ${JSON.stringify(reread.object?.[field])}, not ${JSON.stringify(value)}`,
    );
  }
  await deleteCase(created.id);
  const identity = caseIdentity(changes.title, scenario.id);
  expectGone(h, await readCase(created.id), created.id, identity, 'GET /features/qa/cases/ after the delete');
});

h.rule('QA-05', "listing cases by scenario_id returns that scenario's cases and no others", async () => {
  const member = await h.as('member');
  const mine = await createScenario(h, member, h.board, { title: h.title('cases of mine'), parent_id: null });
  const other = await createScenario(h, member, h.board, { title: h.title('cases of another'), parent_id: null });
  const kept = await createCase(h, member, h.board, mine.id, h.title('my case'));
  const foreign = await createCase(h, member, h.board, other.id, h.title('other case'));
  const rows = await listCases(h, member, h.board, mine.id, (r) => r.some((c) => c.id === kept.id));
  ensure(
    rows.some((c) => c.id === kept.id),
    `scenario_id=${mine.id} did not list its case ${kept.id}`,
  );
  ensureNone(
    h,
    rows,
    (c) => c.id === foreign.id,
    `scenario_id=${mine.id} also listed case ${foreign.id} of another scenario`,
  );
});

h.rule('QA-06', 'deleting a scenario removes its cases', async () => {
  const member = await h.as('member');
  const scenario = await createScenario(h, member, h.board, { title: h.title('deleted with cases'), parent_id: null });
  const title = h.title('case of a deleted scenario');
  const doomed = await createCase(h, member, h.board, scenario.id, title);
  await deleteScenario(scenario.id);
  const what = 'GET /features/qa/cases/ for a case of the deleted scenario';
  expectGone(h, await readCase(doomed.id), doomed.id, caseIdentity(title, scenario.id), what);
});

h.rule('QA-07', 'deleting a scenario removes its descendants and the sessions started for it', async () => {
  const member = await h.as('member');
  const parent = await createScenario(h, member, h.board, { title: h.title('deleted parent'), parent_id: null });
  const childTitle = h.title('orphan?');
  const child = await createScenario(h, member, h.board, { title: childTitle, parent_id: parent.id });
  const childIdentity = scenarioIdentity(childTitle, parent.id);
  await createCase(h, member, h.board, child.id, h.title('case of a deleted child'));
  const session = await startSession(h, member, h.board, parent.id);
  await deleteScenario(parent.id);
  const childRead = 'GET /features/qa/scenarios/ for a child of the deleted scenario';
  expectGone(h, await readScenario(child.id), child.id, childIdentity, childRead);
  ensureNone(
    h,
    await listScenarios(h, member, h.board),
    stillListed(h, childIdentity, child.id, 'GET /features/qa/scenarios/list/'),
    `the scenario list still holds ${child.id}, a child of the deleted scenario`,
  );
  for (const active of [true, false]) {
    ensureNone(
      h,
      await listSessions(h, member, h.board, active),
      (s) => s.id === session.id,
      `GET /features/qa/sessions/?is_active=${active} still lists session ${session.id} of the deleted scenario`,
    );
  }
});

h.rule('QA-21', 'a deleted scenario or case is gone from its list as well as from its read', async () => {
  const member = await h.as('member');
  const scenarioTitle = h.title('deleted for good');
  const scenario = await createScenario(h, member, h.board, { title: scenarioTitle, parent_id: null });
  const keptTitle = h.title('case kept a while');
  const kept = await createCase(h, member, h.board, scenario.id, keptTitle);
  const removedTitle = h.title('case deleted alone');
  const removed = await createCase(h, member, h.board, scenario.id, removedTitle);
  const removedIdentity = caseIdentity(removedTitle, scenario.id);
  await deleteCase(removed.id);
  const removedRead = 'GET /features/qa/cases/ for the deleted case';
  expectGone(h, await readCase(removed.id), removed.id, removedIdentity, removedRead);
  ensureNone(
    h,
    await listCases(h, member, h.board, scenario.id),
    stillListed(h, removedIdentity, removed.id, 'GET /features/qa/cases/list/'),
    `the case list of scenario ${scenario.id} still holds the deleted case`,
  );
  const scenarioIdentityOf = scenarioIdentity(scenarioTitle, null);
  await deleteScenario(scenario.id);
  const scenarioRead = 'GET /features/qa/scenarios/ after the delete';
  expectGone(h, await readScenario(scenario.id), scenario.id, scenarioIdentityOf, scenarioRead);
  ensureNone(
    h,
    await listScenarios(h, member, h.board),
    stillListed(h, scenarioIdentityOf, scenario.id, 'GET /features/qa/scenarios/list/'),
    `the scenario list still holds the deleted scenario ${scenario.id}`,
  );
  const keptRead = 'GET /features/qa/cases/ for a case of the deleted scenario';
  expectGone(h, await readCase(kept.id), kept.id, caseIdentity(keptTitle, scenario.id), keptRead);
  // Its case list may answer 404 (the scenario is missing) or list nothing; it must not list the case.
  const after = await h.call(member, 'listCases', { query: { ...h.board, scenario_id: scenario.id } });
  if (after.status !== undefined && after.status >= 200 && after.status < 300) {
    const rows = rowsIn(after.body, 'case') ?? [];
    const keptIdentity = caseIdentity(keptTitle, scenario.id);
    const held = stillListed(h, keptIdentity, kept.id, 'GET /features/qa/cases/list/ of the deleted scenario');
    ensure(
      !rows.some((r) => isObject(r) && held({ ...r, id: idOf(r, 'case') ?? Number.NaN })),
      `the case list of the deleted scenario still holds case ${kept.id}`,
    );
  } else {
    expectStatus(after, [404], 'GET /features/qa/cases/list/ of the deleted scenario');
  }
});

/** The members of `sent` that `row` holds differently (or not at all). */
function differences(row: Record<string, unknown> | undefined, sent: Record<string, unknown>): string[] {
  return Object.entries(sent).flatMap(([k, v]) => {
    const got = row?.[k];
    const same = got === v || (typeof v === 'number' && numericId(got) === v);
    return same ? [] : [`${k} ${JSON.stringify(got)} (sent ${JSON.stringify(v)})`];
  });
}

h.rule(
  'QA-22',
  'every created scenario and case reads back and is listed with the fields it was created with',
  async () => {
    const member = await h.as('member');
    const parentBody = { title: h.title('available parent'), parent_id: null };
    const parent = await createScenario(h, member, h.board, parentBody);
    const childBody = { title: h.title('available child'), parent_id: parent.id };
    const child = await createScenario(h, member, h.board, childBody);
    const caseBody = caseFields(h.title('available case'), h.marker);
    const testCase = await createCase(h, member, h.board, child.id, caseBody.title as string);
    for (const [label, scenario, body] of [
      ['parent', parent, parentBody],
      ['child', child, childBody],
    ] as const) {
      const read = await readScenario(scenario.id);
      expectSuccess(read.answer, `GET /features/qa/scenarios/ for the created ${label}`);
      const wrong = differences(read.object, body);
      ensure(wrong.length === 0, `the created ${label} scenario reads ${wrong.join(', ')}`);
    }
    const scenarios = await listScenarios(h, member, h.board, undefined, (r) =>
      [parent, child].every((s) => r.some((row) => row.id === s.id)),
    );
    for (const [label, scenario, body] of [
      ['parent', parent, parentBody],
      ['child', child, childBody],
    ] as const) {
      const row = scenarios.find((s) => s.id === scenario.id);
      ensure(row, `the scenario list does not hold the created ${label} scenario ${scenario.id}`);
      blameRow(h, row);
      const wrong = differences(row, body);
      ensure(wrong.length === 0, `the scenario list shows the created ${label} with ${wrong.join(', ')}`);
    }
    const read = await readCase(testCase.id);
    expectSuccess(read.answer, 'GET /features/qa/cases/ for the created case');
    const wrongRead = differences(read.object, caseBody);
    ensure(wrongRead.length === 0, `the created case reads ${wrongRead.join(', ')}`);
    const isCase = (c: Found) => c.id === testCase.id;
    const row = (await listCases(h, member, h.board, child.id, (r) => r.some(isCase))).find(isCase);
    ensure(row, `the case list of scenario ${child.id} does not hold the created case ${testCase.id}`);
    blameRow(h, row);
    const wrongRow = differences(row, caseBody);
    ensure(wrongRow.length === 0, `the case list shows the created case with ${wrongRow.join(', ')}`);
  },
);

export default h.checks;
