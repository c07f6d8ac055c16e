// Faults in login, registration and refresh (source §2, §5 rules 4 and 5): captcha, rotation, the token pair.
import { isObject } from '../../../contract/json.js';
import {
  authorizationOf,
  DEMO,
  dataOf,
  type FaultVariant,
  jsonOf,
  parse,
  reply,
  rewrite,
  validationFailed,
  withBody,
} from './wrap.js';

/** Login and registration never check the captcha: a missing or wrong one is replaced by the valid one. */
export const captchaNotChecked: FaultVariant = {
  breaks: ['LOGIN-03', 'LOGIN-04', 'LOGIN-05', 'LOGIN-09'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if ((operationId === 'login' || operationId === 'register') && isObject(body)) {
      return inner(withBody(req, { ...body, captcha_token: DEMO.captchaToken }));
    }
    return inner(req);
  },
};

/** Login and refresh demand an Authorization header. */
export const loginNeedsAuthorization: FaultVariant = {
  breaks: ['LOGIN-01'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    if ((operationId === 'login' || operationId === 'refreshToken') && !req.headers.has('authorization')) {
      return reply(401, { status: 'error', message: 'Authentication credentials were not provided.' });
    }
    return inner(req);
  },
};

/** Login hands out an access token but no refresh token. */
export const loginWithoutRefreshToken: FaultVariant = {
  breaks: ['LOGIN-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'login' || res.status !== 200) return res;
    return rewrite(res, (body) => {
      const data = isObject(body.data) ? { ...body.data } : {};
      delete data.refresh_token;
      return { ...body, data };
    });
  },
};

/**
 * Refresh hands back the refresh token it was sent, which keeps working: behind the scenes each one stands for the
 * latest real token of its chain.
 */
export const refreshNotRotated: FaultVariant = {
  breaks: ['LOGIN-06', 'LOGIN-07'],
  wrap: (inner) => {
    const latest = new Map<string, string>();
    return async (req) => {
      const { operationId, body } = await parse(req);
      if (operationId !== 'refreshToken' || !isObject(body) || typeof body.refresh_token !== 'string')
        return inner(req);
      const shown = body.refresh_token;
      const res = await inner(withBody(req, { ...body, refresh_token: latest.get(shown) ?? shown }));
      if (res.status !== 200) return res;
      return rewrite(res, (answer) => {
        const data = isObject(answer.data) ? answer.data : {};
        if (typeof data.refresh_token === 'string') latest.set(shown, data.refresh_token);
        return { ...answer, data: { ...data, refresh_token: shown } };
      });
    };
  },
};

/** Registration refuses every e-mail address. */
export const registrationRejected: FaultVariant = {
  breaks: ['LOGIN-08'],
  wrap: (inner) => async (req) =>
    (await parse(req)).operationId === 'register' ? validationFailed('email', 'is not accepted') : inner(req),
};

/** A rejected login (wrong captcha or password) still hands out a working token pair inside its error payload. */
export const rejectedLoginCarriesTokens: FaultVariant = {
  breaks: ['LOGIN-04', 'LOGIN-10'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    const res = await inner(req);
    if (operationId !== 'login' || res.status < 400 || !isObject(body)) return res;
    const account = Object.values(DEMO.accounts).find((a) => a.username === body.username);
    if (!account) return res;
    const granted = await inner(
      withBody(req, { username: account.username, password: account.password, captcha_token: DEMO.captchaToken }),
    );
    const error = await jsonOf(res);
    return reply(res.status, { ...(isObject(error) ? error : {}), data: await dataOf(granted) });
  },
};

/** The access token login hands out does not authenticate; only the ones refresh hands out do. */
export const loginAccessTokenInert: FaultVariant = {
  breaks: ['LOGIN-02'],
  wrap: (inner) => {
    const inert = new Set<string>();
    return async (req) => {
      const auth = authorizationOf(req);
      if (auth && inert.has(auth.token)) return reply(401, { status: 'error', message: 'Invalid token.' });
      const res = await inner(req);
      const token = (await dataOf(res))?.access_token;
      if ((await parse(req)).operationId === 'login' && typeof token === 'string') inert.add(token);
      return res;
    };
  },
};

/** Login checks the username and not the password: a known account logs in with any password. */
export const wrongPasswordAccepted: FaultVariant = {
  breaks: ['LOGIN-10'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'login' || !isObject(body)) return inner(req);
    const account = Object.values(DEMO.accounts).find((a) => a.username === body.username);
    return account ? inner(withBody(req, { ...body, password: account.password })) : inner(req);
  },
};
