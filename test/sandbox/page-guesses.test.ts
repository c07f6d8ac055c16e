// Wrong passwords from web pages (docs/sandbox.md "CORS", "Limits and throttles"): a page's guesses count against its
// own origin, so a page guessing wrong slows neither the owner's tools nor another page; all pages of one client
// together get four pages' worth, so naming many origins buys few. In process, through the sandbox's fetch.
import { describe, expect, it } from 'vitest';
import { createSandbox, requestClients } from '../../mocks/sandbox/core/app.js';
import { PAGE_ORIGINS_GUESSING } from '../../mocks/sandbox/domain/auth.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const BASE = 'http://sandbox.test/api';
const { member } = DEMO.accounts;
const PER_MINUTE = 10;

const login = (password: string, origin?: string, client?: string) => {
  const request = new Request(`${BASE}/member/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ username: member.username, password, captcha_token: DEMO.captchaToken }),
  });
  if (client) requestClients.set(request, client);
  return request;
};

const page = (port: number) => `http://localhost:${port}`;

describe("a web page's wrong passwords", () => {
  it("count against that page's origin only: the owner's tools and another page still log in", async () => {
    const sandbox = createSandbox();
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await sandbox.fetch(login(`guess-${i}`, page(3000)))).status).toBe(401);
    const slowed = await sandbox.fetch(login(member.password, page(3000)));
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('access-control-allow-origin')).toBe(page(3000));
    expect((await sandbox.fetch(login(member.password))).status).toBe(200);
    expect((await sandbox.fetch(login(member.password, page(3001)))).status).toBe(200);
  });

  it("a tool's wrong passwords take nothing from the pages' worth of its client", async () => {
    const sandbox = createSandbox();
    const pages = PAGE_ORIGINS_GUESSING * PER_MINUTE;
    // The pages' worth but one, spread so that no page reaches its own bound; then the tool's worth but one.
    for (let i = 0; i < pages - 1; i++)
      await sandbox.fetch(login(`guess-${i}`, page(4000 + Math.floor(i / (PER_MINUTE - 1)))));
    for (let i = 0; i < PER_MINUTE - 1; i++) expect((await sandbox.fetch(login(`tool-${i}`))).status).toBe(401);
    expect((await sandbox.fetch(login(member.password, page(5000)))).status).toBe(200);
  });

  it("a tool's wrong passwords do not slow a page of the same client", async () => {
    const sandbox = createSandbox();
    for (let i = 0; i < PER_MINUTE; i++) await sandbox.fetch(login(`guess-${i}`));
    expect((await sandbox.fetch(login(member.password))).status).toBe(429);
    expect((await sandbox.fetch(login(member.password, page(3000)))).status).toBe(200);
  });

  it("all pages of one client together get four pages' worth of guesses, then every page of it is slowed", async () => {
    const sandbox = createSandbox();
    const pages = PAGE_ORIGINS_GUESSING * PER_MINUTE;
    // Nine wrong guesses from each page: none of them reaches its own page's bound.
    for (let i = 0; i < pages; i++) {
      const status = (await sandbox.fetch(login(`guess-${i}`, page(4000 + Math.floor(i / (PER_MINUTE - 1)))))).status;
      expect(status, `guess ${i}`).toBe(401);
    }
    const slowed = await sandbox.fetch(login(member.password, page(5000)));
    expect(slowed.status).toBe(429);
    expect(await slowed.json()).toMatchObject({
      message: expect.stringMatching(
        /^Too many wrong passwords or authenticator codes for this account from web pages of this client/,
      ),
      errors: [{ field: 'username' }],
    });
    // The owner's own tools are not pages: they still log in; nor is a page of another client slowed.
    expect((await sandbox.fetch(login(member.password))).status).toBe(200);
    expect((await sandbox.fetch(login(member.password, page(5000), '10.0.0.9'))).status).toBe(200);
  });

  it("a page that keeps trying while its client's pages are slowed stays slowed: its next attempt comes a pause after its last", async () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    const sandbox = createSandbox({ now: () => clock });
    const pages = PAGE_ORIGINS_GUESSING * PER_MINUTE;
    // One attempt per pause of this long, once the pages' burst is spent.
    const pause = 60_000 / pages;
    for (let i = 0; i < pages; i++)
      await sandbox.fetch(login(`guess-${i}`, page(4000 + Math.floor(i / (PER_MINUTE - 1)))));
    clock += pause / 2;
    expect((await sandbox.fetch(login(member.password, page(5000)))).status).toBe(429);
    // A pause after the burst, but half a pause after the refused attempt: that attempt counted, so still slowed.
    clock += pause / 2;
    expect((await sandbox.fetch(login(member.password, page(5000)))).status).toBe(429);
    clock += pause;
    expect((await sandbox.fetch(login(member.password, page(5000)))).status).toBe(200);
  });
});
