// CONV rules (source §1 conventions): trailing slashes and the JSON Content-Type of request bodies.

import { carriesData, carriesTokens, tokenPairOf } from '../engine/payload.js';
import { ensure, ensureSetup, expectRejected, expectSuccess } from '../harness/assertions.js';
import { createHarness } from '../harness/harness.js';

const h = createHarness(import.meta.url);

h.rule(
  'CONV-01',
  'POST /member/login/, GET /member/me/ and GET /company/list/ answer at their slashed paths',
  async () => {
    // Logged in here rather than through the harness: a login path that does not answer is this rule's failure.
    const { member } = h.run.profile.accounts;
    const login = await h.call(h.anonymous(), 'login', {
      body: { username: member.username, password: member.password, captcha_token: h.run.profile.captchaToken },
    });
    expectSuccess(login, 'POST /member/login/');
    const { accessToken } = tokenPairOf(login);
    ensureSetup(accessToken, 'LOGIN-02', 'login returned no access_token in data');
    const headers = { Authorization: `JWT ${accessToken}` };
    expectSuccess(await h.call(h.anonymous(), 'getMe', { headers }), 'GET /member/me/');
    expectSuccess(await h.call(h.anonymous(), 'listCompanies', { headers }), 'GET /company/list/');
  },
);

h.rule('CONV-02', 'a path without its trailing slash answers 404 or a redirect to it, never the data', async () => {
  const { accessToken } = await h.session('member');
  for (const path of ['/member/me', '/company/list']) {
    const answer = await h.raw('member', 'GET', path, {
      headers: { Authorization: `JWT ${accessToken}` },
      redirect: 'manual',
    });
    const status = answer.status ?? 0;
    const location = answer.record.responseHeaders?.location ?? '';
    const redirect = status >= 300 && status < 400 && location.replace(/\?.*$/, '').endsWith(`${path}/`);
    ensure(
      status === 404 || redirect,
      `GET ${path} (no trailing slash) answered ${answer.status ?? answer.record.error}${location ? ` to ${location}` : ''}: expected 404 or a redirect to ${path}/`,
    );
  }
});

h.rule('CONV-04', 'a JSON body sent as text/plain is rejected with a 4xx error payload', async () => {
  const { member } = h.run.profile.accounts;
  const answer = await h.raw('anonymous', 'POST', '/member/login/', {
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({
      username: member.username,
      password: member.password,
      captcha_token: h.run.profile.captchaToken,
    }),
  });
  expectRejected(answer, 'POST /member/login/ with Content-Type: text/plain');
  ensure(!carriesData(answer) && !carriesTokens(answer), 'the rejected login still carries data or tokens');
});

export default h.checks;
