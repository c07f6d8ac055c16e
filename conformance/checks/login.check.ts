// LOGIN rules (source §2, §4, §5 rules 4 and 5): login, registration, captcha and refresh-token rotation.
import { randomBytes } from 'node:crypto';
import type { components } from '../../client/index.js';
import { carriesData, carriesTokens, tokenPairOf, usernameIn } from '../engine/payload.js';
import { ensure, expectRejected, expectSuccess } from '../harness/assertions.js';
import { createHarness, type SessionPair } from '../harness/harness.js';
import { whoAmI } from '../harness/setup-steps.js';

const h = createHarness(import.meta.url);

/** A login of its own, so that rotating its refresh token leaves the other checks' sessions alone. */
async function login(): Promise<SessionPair> {
  const { profile } = h.run;
  const { member } = profile.accounts;
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password, captcha_token: profile.captchaToken },
  });
  expectSuccess(answer, 'login with valid credentials and captcha');
  const { accessToken, refreshToken } = tokenPairOf(answer);
  ensure(accessToken, 'login returned no access_token in data');
  ensure(refreshToken, 'login returned no refresh_token in data');
  return { accessToken, refreshToken };
}

/**
 * The username GET /member/me/ names for an access token sent as `Authorization: JWT`. Sent as an explicit header: a
 * client holding a session would answer a 401 by refreshing and retrying, which would hide a token that does not work.
 */
const meWithAccessToken = (accessToken: string, what: string) =>
  whoAmI(h, h.anonymous(), what, { headers: { Authorization: `JWT ${accessToken}` } });

async function refresh(refreshToken: string) {
  return h.call(h.anonymous(), 'refreshToken', { body: { refresh_token: refreshToken } });
}

h.rule('LOGIN-01', 'login and refresh succeed without an Authorization header', async () => {
  const session = await login();
  ensure(
    h.recorder.answers.at(-1)?.record.requestHeaders.authorization === undefined,
    'the login request carried an Authorization header',
  );
  const answer = await refresh(session.refreshToken);
  expectSuccess(answer, 'refresh with the refresh token in the body and no Authorization');
});

h.rule('LOGIN-02', 'login returns a token pair and the access token works under JWT', async () => {
  const { member } = h.run.profile.accounts;
  const session = await login();
  const username = await meWithAccessToken(session.accessToken, "GET /member/me/ with the login's access token");
  ensure(
    username === member.username,
    `GET /member/me/ with the login's access token under JWT named ${JSON.stringify(username)}, not the account that logged in`,
  );
});

h.rule('LOGIN-03', 'login without captcha_token is rejected naming captcha_token', async () => {
  const { member } = h.run.profile.accounts;
  const answer = await h.callLoose(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password },
  });
  expectRejected(answer, 'login without captcha_token', 'captcha_token');
});

h.rule('LOGIN-04', 'login with a wrong captcha_token is rejected and issues no tokens', async () => {
  const { member } = h.run.profile.accounts;
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password, captcha_token: `wrong-${h.marker}` },
  });
  expectRejected(answer, 'login with a wrong captcha_token');
  ensure(!carriesTokens(answer), 'the rejected login still handed out an access_token or refresh_token');
});

h.rule('LOGIN-05', 'the rejection of a wrong captcha_token names captcha_token', async () => {
  const { member } = h.run.profile.accounts;
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: member.password, captcha_token: `wrong-${h.marker}` },
  });
  expectRejected(answer, 'login with a wrong captcha_token', 'captcha_token');
});

h.rule('LOGIN-06', 'refresh answers with a new refresh token and a working access token', async () => {
  const { member } = h.run.profile.accounts;
  const before = await login();
  const answer = await refresh(before.refreshToken);
  expectSuccess(answer, 'refresh');
  const { accessToken, refreshToken } = tokenPairOf(answer);
  ensure(accessToken && refreshToken, 'refresh returned no access_token and refresh_token in data');
  // Compared as a boolean: a failure message must never hold a token.
  ensure(refreshToken !== before.refreshToken, 'refresh handed back the same refresh_token: it was not rotated');
  const username = await meWithAccessToken(accessToken, 'GET /member/me/ with the rotated access token');
  ensure(username === member.username, `the rotated access token names ${JSON.stringify(username)} on GET /member/me/`);
});

h.rule('LOGIN-07', 'the old refresh token is rejected after rotation', async () => {
  const before = await login();
  expectSuccess(await refresh(before.refreshToken), 'first refresh');
  const reuse = await refresh(before.refreshToken);
  expectRejected(reuse, 'refresh with the refresh token spent by the first refresh');
});

h.rule('LOGIN-10', 'login with a wrong password is rejected and issues no tokens', async () => {
  const { profile } = h.run;
  const { member } = profile.accounts;
  const answer = await h.call(h.anonymous(), 'login', {
    body: { username: member.username, password: `wrong-${h.marker}`, captcha_token: profile.captchaToken },
  });
  expectRejected(answer, 'login with a wrong password');
  ensure(!carriesTokens(answer), 'the rejected login still handed out an access_token or refresh_token');
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
    const { profile } = h.run;
    const body = registration('new');
    const answer = await h.call(h.anonymous(), 'register', { body: { ...body, captcha_token: profile.captchaToken } });
    expectSuccess(answer, 'registration with every required field and a valid captcha_token');
    // Source §2: "Fields returned for the account: not shown". The account is there, and a username it shows is the
    // registered one.
    ensure(carriesData(answer), 'registration returned no account in data');
    const username = usernameIn(answer);
    ensure(
      username === undefined || username === body.username,
      `registration returned ${JSON.stringify(username)} as the account's username, not the registered name`,
    );
  },
  { registers: true },
);

h.rule(
  'LOGIN-09',
  'registration without captcha_token or with a wrong one is rejected',
  async () => {
    const missing = await h.callLoose(h.anonymous(), 'register', { body: registration('nocaptcha') });
    expectRejected(missing, 'registration without captcha_token', 'captcha_token');
    const wrong = await h.call(h.anonymous(), 'register', {
      body: { ...registration('badcaptcha'), captcha_token: `wrong-${h.marker}` },
    });
    expectRejected(wrong, 'registration with a wrong captcha_token');
  },
  { registers: true },
);

export default h.checks;
