// --state durability (docs/sandbox.md "Durability (--state)"): a restart changes no account's standing: registrations, each row's writer and the budgets survive a save.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../../mocks/sandbox/core/router.js';
import { limitsWith } from '../../../mocks/sandbox/domain/limits.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { snapshotText, storeFromText } from '../../../mocks/sandbox/worlds/snapshot.js';
import { fileWriter, loadStateFile } from '../../../mocks/sandbox/worlds/state-file.js';
import { onBoard, requestTo } from '../harness.js';
import { dir, durableSandbox, memberLogin } from './helpers.js';

describe("a restart changes no account's standing", () => {
  const register = (sandbox: Sandbox, username: string) =>
    sandbox.fetch(
      requestTo(
        'POST',
        `${API_PREFIX}/member/register/`,
        { 'content-type': 'application/json' },
        JSON.stringify({
          username,
          password: `${username}-password`,
          email: `${username}@example.com`,
          first_name: 'Re',
          last_name: 'Gistered',
          captcha_token: DEMO.captchaToken,
        }),
      ),
    );
  const usernames = (sandbox: Sandbox) => [...sandbox.store.accounts.values()].map((a) => a.username).sort();

  /** What the limits know of every account: registrations, each row's writer, the sums and the budget's counts. */
  const standing = (sandbox: Sandbox) => {
    const { store } = sandbox;
    const owners = (map: ReadonlyMap<unknown, object>) => [...map].map(([key, row]) => [key, store.ownerOf(row)]);
    return {
      registrations: [...store.registered().values()],
      owners: [store.accounts, store.tokens, store.scenarios, store.cases, store.sessions, store.tasks].map(owners),
      usage: store.usage(),
    };
  };

  it('registered accounts stay registered: at the registration budget, a registration gets the same answer with or without a restart', async () => {
    const limits = { registeredAccounts: 2 };
    const running = createSandbox({ limits });
    for (const name of ['early-bird', 'second']) expect((await register(running, name)).status).toBe(201);
    const text = await snapshotText(running.store);
    const restarted = createSandbox({ limits, store: storeFromText(text, limitsWith(limits)) });
    expect(standing(restarted)).toEqual(standing(running));
    expect(restarted.store.registered().size).toBe(2);
    const shares = (sandbox: Sandbox) => [...sandbox.store.accounts.keys()].map((id) => sandbox.store.shareOf(id));
    expect(shares(restarted)).toEqual(shares(running));

    const withoutRestart = await register(running, 'late');
    const afterRestart = await register(restarted, 'late');
    expect(withoutRestart.status).toBe(429);
    expect(afterRestart.status, await afterRestart.clone().text()).toBe(withoutRestart.status);
    expect(usernames(restarted)).toEqual(usernames(running));
  });

  it('a loaded world over its limits loads whole: nothing is removed or refused, and a write past them gets 429', async () => {
    const running = createSandbox();
    for (const name of ['one', 'two', 'three']) expect((await register(running, name)).status).toBe(201);
    const { call, auth } = await durableSandbox(join(dir, 'over-limits.json'), {}, running);
    for (const title of ['first', 'second']) {
      expect((await call('POST', '/member/bearer-tokens/', { title, is_active: true }, auth)).status).toBe(201);
    }
    const text = await snapshotText(running.store);
    // An operator lowered the budget, the shares and the token count below what the saved world holds.
    const limits = {
      registeredAccounts: 1,
      registeredAccountBytes: 64,
      accountBytes: 64,
      worldBytes: 1024,
      tokensPerAccount: 1,
    };
    const restarted = createSandbox({ limits, store: storeFromText(text, limitsWith(limits)) });
    expect(usernames(restarted)).toEqual(usernames(running));
    expect(restarted.store.tokenCountOf(DEMO.accounts.member.id)).toBe(2);
    expect(standing(restarted)).toEqual(standing(running));
    expect((await register(restarted, 'four')).status).toBe(429);
  });

  it("a world reset between two saves is saved whole: each row's writer is the new world's, even when as many rows changed writer in each", async () => {
    const file = join(dir, 'reset.json');
    const real = fileWriter(file);
    let appends = 0;
    let gate: Promise<void> | undefined;
    let release: () => void = () => {};
    const { call, auth, sandbox, kept } = await durableSandbox(file, {
      writer: {
        append: async (...args) => {
          appends += 1;
          await gate;
          await real.append(...args);
        },
      },
    });
    const rewrite = (send: (r: Request) => Promise<Response>, id: number, token: string) =>
      send(
        requestTo(
          'PATCH',
          `${API_PREFIX}/features/qa/scenarios/?${onBoard({ scenario_id: id })}`,
          { 'content-type': 'application/json', authorization: token },
          JSON.stringify({ title: sandbox.store.scenarios.get(id)?.title }),
        ),
      );
    // The member rewrites a seeded scenario as it was: now the member's.
    expect((await rewrite(kept.fetch, DEMO.scenarios.login, auth)).status).toBe(200);
    await kept.idle();
    gate = new Promise((resolve) => (release = resolve));
    const before = appends;
    const held = call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title: 'Held', parent_id: null }, auth);
    while (appends === before) await new Promise((resolve) => setImmediate(resolve));
    const changesSaved = sandbox.store.ownerChanges();
    // While that save is held, the world is reset (Sandbox.reset) and the member rewrites as many other seeded
    // scenarios as there were changes of writer before.
    sandbox.reset();
    const login = await sandbox.fetch(memberLogin());
    const fresh = `JWT ${((await login.json()) as { data: { access_token: string } }).data.access_token}`;
    for (const id of [DEMO.scenarios.checkout, DEMO.scenarios.cardPayment, DEMO.scenarios.guestCheckout]) {
      if (sandbox.store.ownerChanges() >= changesSaved) break;
      expect((await rewrite(sandbox.fetch, id, fresh)).status).toBe(200);
    }
    expect(sandbox.store.ownerChanges()).toBe(changesSaved);
    const after = call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title: 'After', parent_id: null }, fresh);
    release();
    expect((await held).status).toBe(201);
    expect((await after).status).toBe(201);
    await kept.idle();
    const loaded = (await loadStateFile(file))?.store as Sandbox['store'];
    const owners = (store: Sandbox['store']) =>
      [...store.scenarios].map(([id, row]) => [id, row.title, store.ownerOf(row)]);
    expect(owners(loaded)).toEqual(owners(sandbox.store));
  });

  it('a registration window used up before a restart does not refuse registrations after it', async () => {
    const limits = { registrationsPerMinute: 1 };
    const running = createSandbox({ limits });
    expect((await register(running, 'first')).status).toBe(201);
    expect((await register(running, 'second')).status).toBe(429);
    const restarted = createSandbox({
      limits,
      store: storeFromText(await snapshotText(running.store), limitsWith(limits)),
    });
    expect((await register(restarted, 'second')).status).toBe(201);
  });

  it('a change no write was answered for (an unused registration removed on time by a refused one) is saved when the sandbox closes', async () => {
    let offset = 0;
    const limits = { unusedRegistrationMs: 60_000 };
    const sandbox = createSandbox({ limits, now: () => Date.now() + offset });
    const file = join(dir, 'closing.json');
    const { call, kept } = await durableSandbox(file, {}, sandbox);
    const body = (username: string) => ({
      username,
      password: `${username}-password`,
      email: `${username}@example.com`,
      first_name: 'Re',
      last_name: 'Gistered',
      captcha_token: DEMO.captchaToken,
    });
    expect((await call('POST', '/member/register/', body('unused'))).status).toBe(201);
    const names = async () => [...((await loadStateFile(file))?.store.accounts.values() ?? [])].map((a) => a.username);
    expect(await names()).toContain('unused');
    offset = 61_000;
    // Its time is up: a registration removes it first, then is refused (the name is taken): 409, no save.
    expect((await call('POST', '/member/register/', body(DEMO.accounts.member.username))).status).toBe(409);
    expect(sandbox.store.findAccountByUsername('unused')).toBeUndefined();
    expect(await names()).toContain('unused');
    await kept.close();
    expect(await names()).not.toContain('unused');
  });

  it("through the state file: each save keeps registrations and each row's writer, and a version 1 file (neither) counts its accounts as the world's own", async () => {
    const file = join(dir, 'standing.json');
    const { call, kept, sandbox, auth } = await durableSandbox(file);
    const registered = await call('POST', '/member/register/', {
      username: 'registered',
      password: 'registered-password',
      email: 'registered@example.com',
      first_name: 'Re',
      last_name: 'Gistered',
      captcha_token: DEMO.captchaToken,
    });
    const id = registered.json.data.member.id as number;
    // A seeded scenario rewritten by the member: now the member's (a journal record that only moves a row's writer
    // when the text is unchanged).
    const path = `/features/qa/scenarios/?${onBoard({ scenario_id: DEMO.scenarios.login })}`;
    expect((await call('PATCH', path, { title: 'Login' }, auth)).status).toBe(200);
    expect(sandbox.store.ownerOf(sandbox.store.scenarios.get(DEMO.scenarios.login) as object)).toBe(
      DEMO.accounts.member.id,
    );
    const login = await call('POST', '/member/login/', {
      username: 'registered',
      password: 'registered-password',
      captcha_token: DEMO.captchaToken,
    });
    expect(login.status).toBe(200);
    await kept.idle();
    const loaded = await loadStateFile(file);
    expect(loaded?.store.registrationOf(id)).toEqual(sandbox.store.registrationOf(id));
    expect(loaded?.store.registrationOf(id)).toMatchObject({ accountId: id, used: true });
    expect(loaded?.store.registrationOf(DEMO.accounts.member.id)).toBeUndefined();
    expect(standing({ store: loaded?.store } as Sandbox)).toEqual(standing(sandbox));

    // Version 1 files recorded no registration or writer: their accounts count as the world's own, as they did then.
    const old = JSON.parse(await snapshotText(sandbox.store));
    old.version = 1;
    for (const name of ['seq', 'registrations', 'owners']) delete old[name];
    const oldFile = join(dir, 'version-1.json');
    writeFileSync(oldFile, JSON.stringify(old));
    const fromOld = await loadStateFile(oldFile);
    expect(fromOld?.store.registered().size).toBe(0);
    expect(fromOld?.store.usage().byAccount.size).toBe(0);
    expect(fromOld?.store.shareOf(id)).toBe(limitsWith().accountBytes);
    expect(fromOld?.whole).toBe(true);
  });
});
