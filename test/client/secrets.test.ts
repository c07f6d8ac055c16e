// Source §5 and team rule 5: no token, password or captcha in any thrown error, even when the server echoes them.
import { expect, test } from 'vitest';
import { type Credential, paginate, unwrap } from '../../client/index.js';
import { clientFor, failure, fakeServer, type Handler, success } from './fake-server.js';

const SECRETS = {
  password: 'hunter2-PASSWORD-secret',
  captcha: 'captcha-CAPTCHA-secret',
  apiToken: 'tmk_live_APITOKEN_secret',
  access: 'eyJ.ACCESS.secret',
  refresh: 'eyJ.REFRESH.secret',
  newAccess: 'eyJ.NEWACCESS.secret',
  newRefresh: 'eyJ.NEWREFRESH.secret',
};
const SESSION: Credential = { kind: 'session', accessToken: SECRETS.access, refreshToken: SECRETS.refresh };
const API_TOKEN: Credential = { kind: 'apiToken', token: SECRETS.apiToken };
const everySecret = Object.values(SECRETS).join(' ');

/** A server that echoes everything it received (headers and body) into its error payloads. */
const echoing =
  (status: number): Handler =>
  (r) =>
    failure(status, {
      status: 'error',
      message: `bad request ${r.authorization} ${r.body} ${everySecret}`,
      errors: [
        { field: 'password', message: `wrong: ${SECRETS.password}` },
        { field: `captcha_token=${SECRETS.captcha}`, message: 'bad' },
      ],
    });

const login = { username: 'demo', password: SECRETS.password, captcha_token: SECRETS.captcha };

const scenarios: { label: string; run: () => Promise<unknown> }[] = [
  {
    label: 'login rejected, server echoes the body',
    run: () => unwrap(clientFor(fakeServer(echoing(400))).POST('/member/login/', { body: login })),
  },
  {
    label: 'login network error that quotes the body',
    run: () =>
      clientFor(
        fakeServer((r) => {
          throw new TypeError(`socket hang up while sending ${r.body}`);
        }),
      ).POST('/member/login/', { body: login }),
  },
  {
    label: 'login 500',
    run: () => clientFor(fakeServer(echoing(500))).POST('/member/login/', { body: login }),
  },
  {
    label: 'login timeout',
    run: () =>
      clientFor(
        fakeServer(
          ({ signal }) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        ),
        {
          timeoutMs: 10,
        },
      ).POST('/member/login/', { body: login }),
  },
  {
    label: 'refresh fails ambiguously during rotation',
    run: () =>
      clientFor(
        fakeServer((r, request) => {
          if (r.path === '/member/refresh-token/') throw new TypeError(`failed: ${r.body}`);
          return echoing(401)(r, request);
        }),
        { credential: SESSION },
      ).GET('/member/me/'),
  },
  {
    label: 'refresh rejected, original 401 unwrapped',
    run: () => unwrap(clientFor(fakeServer(echoing(401)), { credential: SESSION }).GET('/member/me/')),
  },
  {
    label: 'token creation 503 with an API token',
    run: () =>
      clientFor(fakeServer(echoing(503)), { credential: API_TOKEN }).POST('/member/bearer-tokens/', {
        body: { title: 'ci-bot', is_active: true },
      }),
  },
  {
    label: 'after a rotation, a 2xx without envelope echoes the new token',
    run: () =>
      clientFor(
        fakeServer((r) =>
          r.path === '/member/refresh-token/'
            ? success({ access_token: SECRETS.newAccess, refresh_token: SECRETS.newRefresh })
            : r.authorization === `JWT ${SECRETS.newAccess}`
              ? Response.json({ token: SECRETS.newAccess })
              : failure(401),
        ),
        { credential: SESSION },
      )
        .GET('/member/me/')
        .then(unwrap),
  },
  {
    label: '2xx without envelope that carries a token',
    run: () =>
      unwrap(
        clientFor(
          fakeServer(() => Response.json({ token: SECRETS.apiToken })),
          { credential: API_TOKEN },
        ).GET('/member/me/'),
      ),
  },
  {
    label: 'a write redirected to an address that carries a token',
    run: () =>
      clientFor(
        fakeServer(
          () =>
            new Response(null, {
              status: 303,
              headers: { Location: `/api/member/me/?token=${SECRETS.apiToken}#${SECRETS.access}` },
            }),
        ),
        { credential: API_TOKEN },
      ).POST('/member/bearer-tokens/', { body: { title: 'ci-bot', is_active: true } }),
  },
  {
    label: 'paginate over a repeated page of secrets',
    run: async () => {
      const client = clientFor(fakeServer(() => success({ tokens: [{ key: 'k', title: SECRETS.apiToken }] })));
      for await (const _ of paginate(
        (page, limit) => client.GET('/member/bearer-tokens/', { params: { query: { page, limit } } }),
        'tokens',
        { limit: 1 },
      )) {
        // drain
      }
    },
  },
  {
    label: 'a malformed API token',
    run: async () =>
      clientFor(
        fakeServer(() => success()),
        { credential: { kind: 'apiToken', token: `${SECRETS.apiToken}\n` } },
      ),
  },
  {
    label: 'a malformed session',
    run: async () =>
      clientFor(
        fakeServer(() => success()),
        {
          credential: { kind: 'session', accessToken: SECRETS.access, refreshToken: `${SECRETS.refresh} x` },
        },
      ),
  },
];

test.each(scenarios)('$label: the thrown error names no secret', async ({ run }) => {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the scenario must fail').toBeInstanceOf(Error);
  const { message, stack } = error as Error;
  for (const secret of Object.values(SECRETS)) {
    expect(message).not.toContain(secret);
    expect(stack ?? '').not.toContain(secret);
    expect(String(error)).not.toContain(secret);
  }
});
