// The --state file's journal (docs/sandbox.md "Durability (--state)"): every kind of thing the Store keeps survives a save and a load.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { durable } from '../../../mocks/sandbox/hosts/durable.js';
import { readStateFile } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { snapshotText, storeFromText } from '../../../mocks/sandbox/worlds/snapshot.js';
import { expectSameWorld, fillEveryKind } from '../every-kind.js';
import { fileFor, kept, lines } from './helpers.js';

describe('every kind survives a save and a load', () => {
  it('through snapshot text (what browser storage holds)', async () => {
    const sandbox = createSandbox();
    await fillEveryKind(sandbox.fetch, 'http://sandbox.test/api');
    await expectSameWorld(storeFromText(await snapshotText(sandbox.store)), sandbox.store);
  });

  it("deletions in the middle of a table, the changes after them, and a last write that only changes a row's writer", async () => {
    const file = fileFor('deletions');
    const sandbox = createSandbox();
    const durability = await durable(file, sandbox);
    const base = 'http://sandbox.test/api';
    const auth = await fillEveryKind(durability.fetch, base);
    const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await durability.fetch(
        new Request(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: auth },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers' JSON.
      return (text ? JSON.parse(text) : undefined) as any;
    };
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push(
        (await send('POST', `/features/qa/scenarios/list/?${board}`, { title, parent_id: null })).data.scenario.id,
      );
    }
    await send('DELETE', `/features/qa/scenarios/?${board}&scenario_id=${ids[0]}`);
    await send('PATCH', `/features/qa/scenarios/?${board}&scenario_id=${ids[2]}`, { title: 'Third, renamed' });
    await send('DELETE', `/features/qa/scenarios/?${board}&scenario_id=${ids[1]}`);
    // A session over the checkout tree, then the case of its last report deleted: the session's reports shrink.
    const session = (
      await send('POST', `/features/qa/sessions/start/?${board}`, { scenario_id: DEMO.scenarios.checkout })
    ).data.session;
    const lastReport = sandbox.store.caseReports.get(session.case_reports.at(-1).id);
    await send('DELETE', `/features/qa/cases/?${board}&case_id=${lastReport?.caseId}`);
    expect(sandbox.store.sessions.get(session.id)?.reportIds).toHaveLength(session.case_reports.length - 1);
    // Last, a seeded scenario written as it was by the member: only whom it counts against changes.
    const cardPayment = sandbox.store.scenarios.get(DEMO.scenarios.cardPayment);
    await send('PATCH', `/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.cardPayment}`, {
      title: cardPayment?.title,
    });
    expect(sandbox.store.ownerOf(cardPayment as object)).toBe(DEMO.accounts.member.id);
    // Every answered write is in the file already, before the sandbox closes.
    await durability.idle();
    await expectSameWorld(readStateFile(readFileSync(file)).store, sandbox.store);
    await durability.close();
  });

  it('through the state file: its journal, then a compacted snapshot', async () => {
    const file = fileFor('kinds');
    const sandbox = createSandbox();
    const durability = await durable(file, sandbox);
    await fillEveryKind(durability.fetch, 'http://sandbox.test/api');
    await durability.close();
    const journal = readStateFile(readFileSync(file));
    expect(journal.journalBytes).toBeGreaterThan(0);
    await expectSameWorld(journal.store, sandbox.store);

    // Writes until a compaction has folded the journal into a new snapshot line.
    const next = createSandbox({ store: journal.store });
    const compacted = await kept(file, { loaded: journal, compactAfterBytes: 1 }, next);
    const snapshotLine = lines(file)[0];
    for (let i = 0; lines(file)[0] === snapshotLine; i++) {
      await compacted.createScenario(`more ${i}`);
      await compacted.durability.idle();
    }
    await compacted.durability.close();
    await expectSameWorld(readStateFile(readFileSync(file)).store, next.store);
  });
});
