// Faults in the envelope and errors (source §1, §7) and in the trailing-slash convention.
import { type Fault, isObject, jsonOf, parse, reply, rewrite, withStatus, withUrl } from './wrap.js';

const success = (res: Response): boolean => res.status >= 200 && res.status < 300;

/** Successes answer `{ok: true, result: …}` instead of `{status: "success", data: …}`. */
export const envelopeRenamed: Fault = (inner) => async (req) => {
  const res = await inner(req);
  return success(res) ? rewrite(res, (body) => ({ ok: true, result: body.data ?? null })) : res;
};

/** Successes answer the bare payload, without the envelope. */
export const envelopeDropped: Fault = (inner) => async (req) => {
  const res = await inner(req);
  return success(res) ? rewrite(res, (body) => body.data ?? {}) : res;
};

/** Failures answer an empty body. */
export const errorPayloadDropped: Fault = (inner) => async (req) => {
  const res = await inner(req);
  return res.status >= 400 ? new Response(null, { status: res.status }) : res;
};

/** The company and task lists put their rows under other names. */
export const collectionsRenamed: Fault = (inner) => async (req) => {
  const res = await inner(req);
  const { operationId } = await parse(req);
  const renames: Record<string, [string, string]> = {
    listCompanies: ['companies', 'workspaces'],
    listTasks: ['tasks', 'items'],
  };
  const rename = renames[operationId ?? ''];
  if (!rename || res.status !== 200) return res;
  return rewrite(res, (body) => {
    const data = isObject(body.data) ? { ...body.data } : {};
    data[rename[1]] = data[rename[0]];
    delete data[rename[0]];
    return { ...body, data };
  });
};

/** Validation failures answer 500. */
export const validationAs500: Fault = (inner) => async (req) => {
  const res = await inner(req);
  return res.status === 400 ? withStatus(res, 500) : res;
};

/** Validation failures say that something is wrong, not what. */
export const validationUnnamed: Fault = (inner) => async (req) => {
  const res = await inner(req);
  if (res.status !== 400) return res;
  return rewrite(res, (body) => ({ status: body.status, message: 'Invalid request.' }));
};

/** A missing object answers 403 instead of 404. */
export const notFoundAs403: Fault = (inner) => async (req) => {
  const res = await inner(req);
  const body = await jsonOf(res);
  return res.status === 404 ? reply(403, isObject(body) ? body : { status: 'error', message: 'Forbidden.' }) : res;
};

/** The paths with a trailing slash are refused; the same paths without it are served. */
export const slashedPathsRefused: Fault = (inner) => async (req) => {
  const url = new URL(req.url);
  if (!url.pathname.startsWith('/api/')) return inner(req);
  if (url.pathname.endsWith('/')) return reply(404, { status: 'error', message: 'Not found.' });
  url.pathname = `${url.pathname}/`;
  return inner(withUrl(req, url));
};
