// Choice servers that shape their answers their own way where the source shows no shape (docs/conformance.md, "What
// the suite does not assume"): sparse answers, members the contract does not know, offsets in date-times, DRF-style
// shapes, objects under other names.
import { isObject } from '../../../../contract/json.js';
import { jsonOf, parse, reply } from '../wrap.js';
import { changed, dataIn, OBJECT_OF, objectsIn, UNNAMED_LISTS } from './answers.js';
import type { Choice } from './choice.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The same instant written with a +02:00 offset, as a server in another time zone writes it. */
function inPlusTwo(text: string): string {
  const shifted = new Date(Date.parse(text) + 2 * 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

/**
 * Sparse answers where the source shows none: a started session without its case reports (the session list has
 * them), a registration with the new account's id only, an outcome without its linked task.
 */
export const sparseAnswers: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    const res = await inner(req);
    if (!res.ok) return res;
    return changed(res, (body) => {
      const data = dataIn(body);
      if (!data) return;
      if (operationId === 'startSession' && isObject(data.session)) {
        const { id, scenario_id, is_active } = data.session;
        body.data = { session: { id, scenario_id, is_active } };
      }
      if (operationId === 'register' && isObject(data.member)) body.data = { member: { id: data.member.id } };
      if (operationId === 'recordCaseOutcome' && isObject(data.case_report)) {
        const { id, status } = data.case_report;
        body.data = { case_report: { id, status } };
      }
    });
  },
};

/**
 * Members the contract does not know, everywhere: in every object of data, an error `code` in every error payload,
 * and the token type and lifetime in login and refresh answers.
 */
export const extraMembers: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    return changed(await inner(req), (body) => {
      if (body.status !== 'success') body.code = 'invalid';
      objectsIn(body.data, (o) => {
        o.server_version = '9.9';
        o.links = { self: '/x/' };
      });
      const data = dataIn(body);
      if (data && (operationId === 'login' || operationId === 'refreshToken')) {
        data.token_type = 'JWT';
        data.expires_in = 3600;
      }
    });
  },
};

/** Every date-time written with a +02:00 offset instead of Z: the same instant. */
export const timestampsWithOffset: Choice = {
  departs: [],
  wrap: (inner) => async (req) =>
    changed(await inner(req), (body) =>
      objectsIn(body, (o) => {
        for (const [k, v] of Object.entries(o)) if (typeof v === 'string' && DATE_TIME.test(v)) o[k] = inPlusTwo(v);
      }),
    ),
};

/**
 * Many decisions at once, each where the source is silent: validation failures name fields as members (Django REST
 * framework style); creations answer 200; the account sits directly in data; the token pair is nested in data; a new
 * token's secret comes as `data.api_token` beside the token; deletions answer 204 with no body; the unnamed lists use
 * other collection names; a path without its trailing slash redirects to the path with it.
 */
export const ownShapes: Choice = {
  departs: ['CONTRACT-01', 'CONTRACT-02', 'GEN-02'],
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/')) {
      return new Response(null, { status: 301, headers: { location: `${url.pathname}/${url.search}` } });
    }
    const { operationId } = await parse(req);
    const res = await inner(req);
    if (['deleteApiToken', 'deleteScenario', 'deleteCase'].includes(operationId ?? '') && res.ok) {
      return new Response(null, { status: 204 });
    }
    const body = await jsonOf(res);
    if (!isObject(body)) return res;
    if (res.status === 400 && Array.isArray(body.errors)) {
      // Named by the member itself, as DRF does: `query.assignee_ids.0` becomes `assignee_ids`.
      const member = (field: unknown) =>
        String(field)
          .split(/[.[\]]/)
          .filter((s) => s !== '' && !/^\d+$/.test(s))
          .at(-1);
      return reply(
        400,
        Object.fromEntries(body.errors.filter(isObject).map((e) => [member(e.field), [String(e.message)]])),
      );
    }
    const data = dataIn(body);
    const status = res.status === 201 ? 200 : res.status;
    if (operationId === 'getMe' && isObject(data?.member)) return reply(status, { ...body, data: data.member });
    if ((operationId === 'login' || operationId === 'refreshToken') && data) {
      return reply(status, { ...body, data: { tokens: data } });
    }
    if (operationId === 'createApiToken' && isObject(data?.token)) {
      const { token: secret, ...token } = data.token;
      return reply(status, { ...body, data: { token, api_token: secret } });
    }
    const renamed: Record<string, string> = {
      listScenarios: 'items',
      listCases: 'results',
      listSessions: 'entries',
      listApiTokens: 'api_tokens',
    };
    const to = renamed[operationId ?? ''];
    const from = UNNAMED_LISTS[operationId ?? ''];
    if (to && from && data && Array.isArray(data[from])) {
      const { [from]: rows, ...rest } = data;
      return reply(status, { ...body, data: { ...rest, [to]: rows } });
    }
    return reply(status, body);
  },
};

/** A created, read or changed object sits in `data.result`, beside `data.meta`, not under its kind's name. */
export const objectsUnderOtherNames: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    const name = OBJECT_OF[operationId ?? ''];
    const res = await inner(req);
    if (!name) return res;
    return changed(res, (body) => {
      const data = dataIn(body);
      if (!data || !isObject(data[name])) return;
      const { [name]: object, ...rest } = data;
      body.data = { ...rest, result: object, meta: { request_id: 'req-1', api_version: '3' } };
    });
  },
};
