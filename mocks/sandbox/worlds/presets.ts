// Named worlds a sandbox starts with or resets to (docs/sandbox.md "Worlds"): demo, empty, large.

import type { Store } from '../domain/store.js';
import { DEMO, seedDemo } from './seed.js';

export const WORLDS = ['demo', 'empty', 'large'] as const;
export type World = (typeof WORLDS)[number];

/** Sizes of the `large` world, on top of the demo world (board 1, Web shop). */
export const LARGE = { rootScenarios: 600, childrenPerRoot: 4, tasks: 3000 } as const;

export function isWorld(value: unknown): value is World {
  return (WORLDS as readonly unknown[]).includes(value);
}

/** The demo world plus thousands of scenarios and tasks on the demo board, the same every time: for paging and load. */
function seedLarge(store: Store): void {
  seedDemo(store);
  const board = DEMO.boardId;
  for (let r = 0; r < LARGE.rootScenarios; r++) {
    const root = store.addScenario({ boardId: board, title: `Area ${r + 1}`, parent_id: null, position: r + 2 });
    for (let c = 0; c < LARGE.childrenPerRoot; c++) {
      store.addScenario({ boardId: board, title: `Area ${r + 1} flow ${c + 1}`, parent_id: root.id, position: c });
    }
  }
  const { member, twoFactor } = DEMO.accounts;
  for (let t = 0; t < LARGE.tasks; t++) {
    store.addTask({
      boardId: board,
      // Columns 1–3 are the Web shop's To do, In progress and Done.
      columnId: 1 + (t % 3),
      title: `Generated task ${t + 1}`,
      description: '',
      assignee_ids: t % 2 === 0 ? [member.id] : [twoFactor.id],
      case_report_id: null,
      severity: null,
      priority: null,
    });
  }
}

/** Fills an empty store with `world`. */
export function seedWorld(store: Store, world: World): void {
  if (world === 'demo') seedDemo(store);
  else if (world === 'large') seedLarge(store);
}
