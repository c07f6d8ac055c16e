// QA rules for scenarios and cases (source §2, §4, §7): create, read, rename, hierarchy, filters and deletion.
import { unwrap } from '../../client/index.js';
import { createHarness } from '../engine/harness.js';
import { createCase, createScenario, ensure, expectStatus, listScenarios } from '../harness/fixtures.js';

const h = createHarness(import.meta.url);

const readScenario = async (id: number) =>
  h.call(await h.as('member'), 'getScenario', { query: { ...h.board, scenario_id: id } });
const readCase = async (id: number) => h.call(await h.as('member'), 'getCase', { query: { ...h.board, case_id: id } });

h.rule('QA-01', 'a scenario can be created, read, renamed and deleted', async () => {
  const member = await h.as('member');
  const title = h.title('crud scenario');
  const created = await createScenario(member, h.board, { title, parent_id: null });
  ensure(created.title === title, `the created scenario reads ${JSON.stringify(created.title)} as title`);
  const read = await unwrap(
    member.GET('/features/qa/scenarios/', { params: { query: { ...h.board, scenario_id: created.id } } }),
  );
  ensure(
    read?.scenario?.title === title,
    `GET /features/qa/scenarios/ reads ${JSON.stringify(read?.scenario?.title)} as title`,
  );
  const renamed = h.title('renamed scenario');
  await unwrap(
    member.PATCH('/features/qa/scenarios/', {
      params: { query: { ...h.board, scenario_id: created.id } },
      body: { title: renamed },
    }),
  );
  const reread = await unwrap(
    member.GET('/features/qa/scenarios/', { params: { query: { ...h.board, scenario_id: created.id } } }),
  );
  ensure(
    reread?.scenario?.title === renamed,
    `after the rename the scenario reads ${JSON.stringify(reread?.scenario?.title)}`,
  );
  await unwrap(
    member.DELETE('/features/qa/scenarios/', { params: { query: { ...h.board, scenario_id: created.id } } }),
  );
  expectStatus(await readScenario(created.id), [404], 'GET /features/qa/scenarios/ after the delete');
});

h.rule('QA-02', 'a scenario created with a parent_id reads back with it', async () => {
  const member = await h.as('member');
  const parent = await createScenario(member, h.board, { title: h.title('parent'), parent_id: null });
  const child = await createScenario(member, h.board, { title: h.title('child'), parent_id: parent.id });
  const read = await unwrap(
    member.GET('/features/qa/scenarios/', { params: { query: { ...h.board, scenario_id: child.id } } }),
  );
  ensure(
    read?.scenario?.parent_id === parent.id,
    `the child reads parent_id ${JSON.stringify(read?.scenario?.parent_id)}, not ${parent.id}`,
  );
});

h.rule('QA-03', 'the parent_id filter lists exactly the direct children', async () => {
  const member = await h.as('member');
  const parent = await createScenario(member, h.board, { title: h.title('filter parent'), parent_id: null });
  const first = await createScenario(member, h.board, { title: h.title('filter child 1'), parent_id: parent.id });
  const second = await createScenario(member, h.board, { title: h.title('filter child 2'), parent_id: parent.id });
  await createScenario(member, h.board, { title: h.title('filter grandchild'), parent_id: first.id });
  const listed = (await listScenarios(member, h.board, parent.id)).map((s) => s.id).sort((a, b) => a - b);
  const expected = [first.id, second.id].sort((a, b) => a - b);
  ensure(
    JSON.stringify(listed) === JSON.stringify(expected),
    `parent_id=${parent.id} listed [${listed.join(', ')}], expected its children [${expected.join(', ')}]`,
  );
});

h.rule('QA-04', 'a test case can be created, read, updated and deleted', async () => {
  const member = await h.as('member');
  const scenario = await createScenario(member, h.board, { title: h.title('case crud'), parent_id: null });
  const title = h.title('crud case');
  const created = await createCase(member, h.board, scenario.id, title);
  const read = await unwrap(
    member.GET('/features/qa/cases/', { params: { query: { ...h.board, case_id: created.id } } }),
  );
  ensure(read?.case?.title === title, `GET /features/qa/cases/ reads ${JSON.stringify(read?.case?.title)} as title`);
  const expected = `Updated by run ${h.marker}.`;
  await unwrap(
    member.PATCH('/features/qa/cases/', {
      params: { query: { ...h.board, case_id: created.id } },
      body: { expected_result: expected },
    }),
  );
  const reread = await unwrap(
    member.GET('/features/qa/cases/', { params: { query: { ...h.board, case_id: created.id } } }),
  );
  ensure(
    reread?.case?.expected_result === expected,
    `after the update the case reads expected_result ${JSON.stringify(reread?.case?.expected_result)}`,
  );
  await unwrap(member.DELETE('/features/qa/cases/', { params: { query: { ...h.board, case_id: created.id } } }));
  expectStatus(await readCase(created.id), [404], 'GET /features/qa/cases/ after the delete');
});

h.rule('QA-05', "listing cases by scenario_id returns that scenario's cases and no others", async () => {
  const member = await h.as('member');
  const mine = await createScenario(member, h.board, { title: h.title('cases of mine'), parent_id: null });
  const other = await createScenario(member, h.board, { title: h.title('cases of another'), parent_id: null });
  const kept = await createCase(member, h.board, mine.id, h.title('my case'));
  const foreign = await createCase(member, h.board, other.id, h.title('other case'));
  const data = await unwrap(
    member.GET('/features/qa/cases/list/', { params: { query: { ...h.board, scenario_id: mine.id } } }),
  );
  const ids = (data?.cases ?? []).map((c) => c.id);
  ensure(ids.includes(kept.id), `scenario_id=${mine.id} did not list its case ${kept.id}`);
  ensure(!ids.includes(foreign.id), `scenario_id=${mine.id} also listed case ${foreign.id} of another scenario`);
});

h.rule('QA-06', 'deleting a scenario removes its cases', async () => {
  const member = await h.as('member');
  const scenario = await createScenario(member, h.board, { title: h.title('deleted with cases'), parent_id: null });
  const doomed = await createCase(member, h.board, scenario.id, h.title('case of a deleted scenario'));
  await unwrap(
    member.DELETE('/features/qa/scenarios/', { params: { query: { ...h.board, scenario_id: scenario.id } } }),
  );
  expectStatus(await readCase(doomed.id), [404], 'GET /features/qa/cases/ for a case of the deleted scenario');
});

h.rule('QA-07', 'deleting a scenario removes its descendant scenarios', async () => {
  const member = await h.as('member');
  const parent = await createScenario(member, h.board, { title: h.title('deleted parent'), parent_id: null });
  const child = await createScenario(member, h.board, { title: h.title('orphan?'), parent_id: parent.id });
  await unwrap(member.DELETE('/features/qa/scenarios/', { params: { query: { ...h.board, scenario_id: parent.id } } }));
  expectStatus(await readScenario(child.id), [404], 'GET /features/qa/scenarios/ for a child of the deleted scenario');
});
