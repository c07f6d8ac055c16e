// LOGIN rules (source §2, §4, §5 rules 4 and 5): login, registration, captcha and refresh-token rotation.
import { randomBytes } from 'node:crypto';
import { type components, unwrap } from '../../client/index.js';
import { dataOf, ensure, expectRejected, expectStatus, whoAmI } from '../harness/fixtures.js';
import { createHarness, type Session } from '../harness/harness.js';

const h = createHarness(import.meta.url);
const { profile } = h.run;
const member = profile.accounts.member;

/** A login of its own, so that rotating its refresh token leaves the other checks' sessions alone. */
async function login(): Promise<Session> {
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password, captcha_token: profile.captchaToken },
  });
  expectStatus(answer, [200, 201], 'login with valid credentials and captcha');
  const data = dataOf(answer);
  ensure(data, 'login answered without a success envelope');
  const { access_token: accessToken, refresh_token: refreshToken } = data;
  ensure(typeof accessToken === 'string' && accessToken !== '', 'login returned no access_token');
  ensure(typeof refreshToken === 'string' && refreshToken !== '', 'login returned no refresh_token');
  return { accessToken, refreshToken };
}

async function refresh(refreshToken: string) {
  return h.call(h.anonymous(), 'refreshToken', { body: { refresh_token: refreshToken } });
}

const noTokens = (data: Record<string, unknown> | undefined): boolean =>
  data?.access_token === undefined && data?.refresh_token === undefined;

h.rule('LOGIN-01', 'login and refresh succeed without an Authorization header', async () => {
  const session = await login();
  ensure(
    h.recorder.answers.at(-1)?.record.requestHeaders.authorization === undefined,
    'the login request carried an Authorization header',
  );
  const answer = await refresh(session.refreshToken);
  expectStatus(answer, [200, 201], 'refresh with the refresh token in the body and no Authorization');
});

h.rule('LOGIN-02', 'login returns a token pair and the access token works under JWT', async () => {
  const session = await login();
  const client = h.anonymous();
  client.credential = { kind: 'session', ...session };
  const username = await whoAmI(client);
  ensure(
    username === member.username,
    `GET /member/me/ with the login's access token under JWT named ${JSON.stringify(username)}, not the account that logged in`,
  );
});

h.rule('LOGIN-03', 'login without captcha_token is rejected naming captcha_token', async () => {
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password },
  });
  expectRejected(answer, 'login without captcha_token', 'captcha_token');
});

h.rule('LOGIN-04', 'login with a wrong captcha_token is rejected and issues no tokens', async () => {
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password, captcha_token: `wrong-${h.marker}` },
  });
  expectRejected(answer, 'login with a wrong captcha_token');
  ensure(noTokens(dataOf(answer)), 'the rejected login still handed out tokens');
});

h.rule('LOGIN-05', 'the rejection of a wrong captcha_token names captcha_token', async () => {
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password, captcha_token: `wrong-${h.marker}` },
  });
  expectRejected(answer, 'login with a wrong captcha_token', 'captcha_token');
});

h.rule('LOGIN-06', 'refresh answers with a new refresh token and a working access token', async () => {
  const before = await login();
  const answer = await refresh(before.refreshToken);
  expectStatus(answer, [200, 201], 'refresh');
  const data = dataOf(answer);
  const accessToken = data?.access_token;
  const refreshToken = data?.refresh_token;
  ensure(typeof accessToken === 'string' && typeof refreshToken === 'string', 'refresh returned no token pair in data');
  // Compared as a boolean: a failure message must never hold a token.
  ensure(refreshToken !== before.refreshToken, 'refresh handed back the same refresh_token: it was not rotated');
  const client = h.anonymous();
  client.credential = { kind: 'session', accessToken, refreshToken };
  const username = await whoAmI(client);
  ensure(username === member.username, `the rotated access token names ${JSON.stringify(username)} on GET /member/me/`);
});

h.rule('LOGIN-07', 'the old refresh token is rejected after rotation', async () => {
  const before = await login();
  expectStatus(await refresh(before.refreshToken), [200, 201], 'first refresh');
  const reuse = await refresh(before.refreshToken);
  expectRejected(reuse, 'refresh with the refresh token spent by the first refresh');
});

h.rule('LOGIN-10', 'login with a wrong password is rejected and issues no tokens', async () => {
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: `wrong-${h.marker}`, captcha_token: profile.captchaToken },
  });
  expectRejected(answer, 'login with a wrong password');
  ensure(noTokens(dataOf(answer)), 'the rejected login still handed out tokens');
});

/** A registration body for a new account named after the run marker. */
function registration(suffix: string): Omit<components['schemas']['RegisterRequest'], 'captcha_token'> {
  const password = `Cf-${randomBytes(12).toString('base64url')}`;
  h.redactor.add(password);
  const username = `cf_${h.marker}_${suffix}`;
  return {
    first_name: 'Conformance',
    last_name: 'Suite',
    username,
    email: `${username}@example.com`,
    password,
    description: `Registered by the conformance suite run ${h.marker}.`,
  };
}

h.rule(
  'LOGIN-08',
  'registration with every required field and a valid captcha_token succeeds',
  async () => {
    const body = registration('new');
    const data = await unwrap(
      h.anonymous().POST('/member/register/', {
        body: { ...body, captcha_token: profile.captchaToken },
      }),
    );
    ensure(
      data?.member?.username === body.username,
      `registration returned ${JSON.stringify(data?.member?.username)} as data.member.username, not the registered name`,
    );
  },
  { registers: true },
);

h.rule(
  'LOGIN-09',
  'registration without captcha_token or with a wrong one is rejected',
  async () => {
    const missing = await h.call(h.anonymous(), 'register', { body: registration('nocaptcha') });
    expectRejected(missing, 'registration without captcha_token', 'captcha_token');
    const wrong = await h.call(h.anonymous(), 'register', {
      body: { ...registration('badcaptcha'), captcha_token: `wrong-${h.marker}` },
    });
    expectRejected(wrong, 'registration with a wrong captcha_token');
  },
  { registers: true },
);

h.exchangeRules();
