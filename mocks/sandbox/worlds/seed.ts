// The documented demo world (docs/sandbox.md, conformance/targets/sandbox.json): accounts, companies, boards, QA data, tasks.
import { hashPassword } from '../domain/passwords.js';
import type { Store } from '../domain/store.js';

/** Every value a user or a test needs to know about the demo world. Ids are those the seed produces. */
export const DEMO = {
  /** The one captcha token the sandbox accepts; any other is rejected. */
  captchaToken: 'test-captcha',
  accounts: {
    /** QA role in the demo company: reads and writes QA data on its boards. */
    member: {
      id: 1,
      username: 'demo',
      password: 'demo-password',
      email: 'demo@example.com',
    },
    /** Owner of its own company; no access to the demo company. */
    outsider: {
      id: 2,
      username: 'outsider',
      password: 'outsider-password',
      email: 'outsider@example.com',
    },
    /** Owner of the demo company, with two-factor authentication (RFC 6238 TOTP, SHA-1, 6 digits, 30 s). */
    twoFactor: {
      id: 3,
      username: 'demo-2fa',
      password: 'demo-password',
      email: 'demo-2fa@example.com',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    },
    /** Viewer role in the demo company: may read, gets 403 on writes. */
    viewer: {
      id: 4,
      username: 'viewer',
      password: 'viewer-password',
      email: 'viewer@example.com',
    },
  },
  companyId: 1,
  /** Has a todo-kind column (`todoColumnId`): sessions can start here. */
  boardId: 1,
  todoColumnId: 1,
  /** Has no todo-kind column: starting a session here is rejected. */
  boardWithoutTodoColumnId: 2,
  outsiderCompanyId: 2,
  outsiderBoardId: 3,
  scenarios: { checkout: 1, cardPayment: 2, guestCheckout: 3, savedCards: 4, login: 5, roadmapReview: 6, outsider: 7 },
  cases: { savedCard: 1, newCard: 2, guest: 3, orderSummary: 4, passwordLogin: 5, roadmap: 6, outsider: 7 },
} as const;

let passwordHashes: Map<string, Promise<string>> | undefined;

// Hashing is the slow part of a reset; the demo passwords never change, so hash them once per process.
function demoHash(password: string): Promise<string> {
  passwordHashes ??= new Map();
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** Fills an empty store with the demo world. */
export function seedDemo(store: Store): void {
  const { member, outsider, twoFactor, viewer } = DEMO.accounts;
  const account = (
    a: { username: string; password: string; email: string; totpSecret?: string },
    first: string,
    last: string,
    about: string,
  ) =>
    store.addAccount({
      username: a.username,
      email: a.email,
      first_name: first,
      last_name: last,
      description: about,
      passwordHash: demoHash(a.password),
      ...(a.totpSecret === undefined ? {} : { totpSecret: a.totpSecret }),
    });
  account(member, 'Demo', 'Member', 'QA engineer on the demo company');
  account(outsider, 'Olga', 'Outsider', 'Works for another company');
  account(twoFactor, 'Tess', 'Factor', 'QA lead; two-factor authentication on');
  account(viewer, 'Vic', 'Viewer', 'Reads the demo boards');

  store.addCompany('Demo Company', [
    [twoFactor.id, 'owner'],
    [member.id, 'qa'],
    [viewer.id, 'viewer'],
  ]);
  store.addCompany('Outsider Ltd', [[outsider.id, 'owner']]);

  store.addBoard(DEMO.companyId, 'Web shop', [
    { name: 'To do', kind: 'todo' },
    { name: 'In progress', kind: 'in_progress' },
    { name: 'Done', kind: 'done' },
  ]);
  store.addBoard(DEMO.companyId, 'Roadmap', [
    { name: 'Ideas', kind: 'backlog' },
    { name: 'Shipped', kind: 'done' },
  ]);
  store.addBoard(DEMO.outsiderCompanyId, 'Outsider board', [
    { name: 'To do', kind: 'todo' },
    { name: 'Done', kind: 'done' },
  ]);

  const shop = DEMO.boardId;
  const scenario = (boardId: number, title: string, parent_id: number | null, position: number) =>
    store.addScenario({ boardId, title, parent_id, position }).id;
  const checkout = scenario(shop, 'Checkout', null, 0);
  const cardPayment = scenario(shop, 'Card payment', checkout, 0);
  const guest = scenario(shop, 'Guest checkout', checkout, 1);
  const savedCards = scenario(shop, 'Saved cards', cardPayment, 0);
  const login = scenario(shop, 'Login', null, 1);
  const roadmap = scenario(DEMO.boardWithoutTodoColumnId, 'Roadmap review', null, 0);
  const foreign = scenario(DEMO.outsiderBoardId, 'Outsider smoke test', null, 0);

  const testCase = (scenarioId: number, boardId: number, title: string, steps: string, expected: string) =>
    store.addCase({
      boardId,
      scenarioId,
      title,
      description: `${title}.`,
      steps_to_reproduce: steps,
      expected_result: expected,
    });
  testCase(
    savedCards,
    shop,
    'Pay with a saved card',
    '1. Add an item. 2. Open checkout. 3. Pick the saved card.',
    'The order is confirmed.',
  );
  testCase(
    cardPayment,
    shop,
    'Pay with a new card',
    '1. Add an item. 2. Open checkout. 3. Enter a new card.',
    'The order is confirmed.',
  );
  testCase(
    guest,
    shop,
    'Check out as a guest',
    '1. Log out. 2. Add an item. 3. Check out.',
    'The order is confirmed without an account.',
  );
  testCase(
    checkout,
    shop,
    'Order summary shows the totals',
    '1. Add two items. 2. Open checkout.',
    'Subtotal, tax and total are shown.',
  );
  testCase(
    login,
    shop,
    'Log in with a password',
    '1. Open the login page. 2. Enter the demo credentials.',
    'The dashboard opens.',
  );
  testCase(
    roadmap,
    DEMO.boardWithoutTodoColumnId,
    'Roadmap is readable',
    '1. Open the roadmap.',
    'Every idea is listed.',
  );
  testCase(
    foreign,
    DEMO.outsiderBoardId,
    'Outsider can log in',
    '1. Log in as the outsider.',
    'The outsider board opens.',
  );

  const task = (boardId: number, columnId: number, title: string, assignee_ids: number[]) =>
    store.addTask({
      boardId,
      columnId,
      title,
      description: '',
      assignee_ids,
      case_report_id: null,
      severity: null,
      priority: null,
    });
  task(shop, 2, 'Set up the payment sandbox', [member.id]);
  task(shop, 1, 'Write release notes', [member.id, twoFactor.id]);
  task(shop, 1, 'Fix the flaky login test', [twoFactor.id]);
  task(DEMO.boardWithoutTodoColumnId, 4, 'Plan the next quarter', [twoFactor.id]);
  task(DEMO.outsiderBoardId, 6, 'Outsider chore', [outsider.id]);
}
