// The demo world matches DEMO and the checked-in target profile conformance/targets/sandbox.json, its limits the sandbox's
// (docs/conformance.md, "The target profile").
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEFAULT_LIMITS } from '../../mocks/sandbox/domain/limits.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const profile = JSON.parse(readFileSync(new URL('../../conformance/targets/sandbox.json', import.meta.url), 'utf8'));

describe('demo world', () => {
  const { store } = createSandbox();

  test('the target profile names the seeded captcha, accounts, company and boards', () => {
    expect(profile).toEqual({
      // The sandbox's default port, or its PORT (docs/conformance.md, "The target profile").
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the profile's own `${NAME:-default}` syntax.
      baseUrl: 'http://127.0.0.1:${PORT:-4010}/api',
      captchaToken: DEMO.captchaToken,
      accounts: {
        member: { username: DEMO.accounts.member.username, password: DEMO.accounts.member.password },
        outsider: { username: DEMO.accounts.outsider.username, password: DEMO.accounts.outsider.password },
      },
      companyId: DEMO.companyId,
      boardId: DEMO.boardId,
      boardWithoutTodoColumnId: DEMO.boardWithoutTodoColumnId,
      // The sandbox's own limits (docs/sandbox.md, "Limits and throttles"), for the preflight's count of the room.
      limits: {
        tokens: DEFAULT_LIMITS.tokensPerAccount,
        scenarios: DEFAULT_LIMITS.scenariosPerBoard,
        sessions: DEFAULT_LIMITS.sessionsPerBoard,
      },
    });
  });

  test('DEMO ids are the ids the seed produces', () => {
    for (const account of Object.values(DEMO.accounts)) {
      expect(store.accounts.get(account.id)?.username).toBe(account.username);
    }
    for (const [name, id] of Object.entries(DEMO.scenarios)) expect(store.scenarios.has(id), name).toBe(true);
    for (const [name, id] of Object.entries(DEMO.cases)) expect(store.cases.has(id), name).toBe(true);
    expect(store.boards.get(DEMO.boardId)?.columns.find((c) => c.kind === 'todo')?.id).toBe(DEMO.todoColumnId);
  });

  test('member has QA access to the company, outsider has none, the boards differ in their todo column', () => {
    const company = store.companies.get(DEMO.companyId);
    expect(company?.members.get(DEMO.accounts.member.id)).toBe('qa');
    expect(company?.members.has(DEMO.accounts.outsider.id)).toBe(false);
    expect(store.boards.get(DEMO.boardId)?.companyId).toBe(DEMO.companyId);
    expect(store.boards.get(DEMO.boardWithoutTodoColumnId)?.companyId).toBe(DEMO.companyId);
    expect(store.boards.get(DEMO.boardWithoutTodoColumnId)?.columns.some((c) => c.kind === 'todo')).toBe(false);
    expect(store.accounts.get(DEMO.accounts.twoFactor.id)?.totpSecret).toBe(DEMO.accounts.twoFactor.totpSecret);
  });

  test('the scenarios form a tree and tasks have assignees', () => {
    const { checkout, cardPayment, savedCards } = DEMO.scenarios;
    expect(store.scenarios.get(cardPayment)?.parent_id).toBe(checkout);
    expect(store.scenarios.get(savedCards)?.parent_id).toBe(cardPayment);
    expect([...store.tasks.values()].filter((t) => t.assignee_ids.length > 0).length).toBeGreaterThanOrEqual(3);
  });

  test('an empty world has nothing; reset brings the seed back', () => {
    const sandbox = createSandbox({ world: 'empty' });
    expect(sandbox.store.accounts.size).toBe(0);
    expect(sandbox.store.companies.size).toBe(0);
    sandbox.reset('demo');
    expect(sandbox.store.accounts.size).toBe(Object.keys(DEMO.accounts).length);
    sandbox.reset();
    expect(sandbox.store.accounts.size).toBe(0);
  });
});
