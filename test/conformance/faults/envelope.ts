// Faults in the envelope and errors (source §1, §7) and in the trailing-slash convention.
import { isObject } from '../../../contract/json.js';
import { API_PREFIX } from '../../../mocks/sandbox/core/router.js';
import { type FaultVariant, isValidationStatus, jsonOf, parse, reply, rewrite, withStatus, withUrl } from './wrap.js';

const success = (res: Response): boolean => res.status >= 200 && res.status < 300;

/** Successes answer `{ok: true, result: …}` instead of `{status: "success", data: …}`. */
export const envelopeRenamed: FaultVariant = {
  breaks: ['ENV-01', 'CONTRACT-01'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return success(res) ? rewrite(res, (body) => ({ ok: true, result: body.data ?? null })) : res;
  },
};

/** Successes answer the bare payload, without the envelope. */
export const envelopeDropped: FaultVariant = {
  breaks: ['ENV-01'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return success(res) ? rewrite(res, (body) => body.data ?? {}) : res;
  },
};

/** Failures answer an empty body. */
export const errorPayloadDropped: FaultVariant = {
  breaks: ['ENV-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return res.status >= 400 ? new Response(null, { status: res.status }) : res;
  },
};

/** The company and task lists put their rows under other names. */
export const collectionsRenamed: FaultVariant = {
  breaks: ['ENV-03', 'ENV-08', 'ACCESS-03'],
  wrap: (inner) => async (req) => {
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
  },
};

/** Validation failures answer 500. */
export const validationAs500: FaultVariant = {
  breaks: ['ENV-04', 'ENV-05', 'ENV-07', 'LIST-06', 'QA-12', 'QA-13', 'LOGIN-03'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return isValidationStatus(res.status) ? withStatus(res, 500) : res;
  },
};

/** Validation failures say that something is wrong, not what. */
export const validationUnnamed: FaultVariant = {
  breaks: ['ENV-04', 'LIST-06', 'QA-12', 'QA-13', 'LOGIN-03'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if (!isValidationStatus(res.status)) return res;
    return rewrite(res, (body) => ({ status: body.status, message: 'Invalid request.' }));
  },
};

/** A missing object answers 403 instead of 404. */
export const notFoundAs403: FaultVariant = {
  breaks: ['ENV-06', 'QA-01', 'QA-04', 'QA-06'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    const body = await jsonOf(res);
    return res.status === 404 ? reply(403, isObject(body) ? body : { status: 'error', message: 'Forbidden.' }) : res;
  },
};

/** The paths with a trailing slash are refused; the same paths without it are served. */
export const slashedPathsRefused: FaultVariant = {
  breaks: ['CONV-01'],
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) return inner(req);
    if (url.pathname.endsWith('/')) return reply(404, { status: 'error', message: 'Not found.' });
    url.pathname = `${url.pathname}/`;
    return inner(withUrl(req, url));
  },
};

/** State conflicts answer 400 instead of the contract's 409. */
export const conflictsAs400: FaultVariant = {
  breaks: ['ENV-09'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return res.status === 409 ? withStatus(res, 400) : res;
  },
};

/** A path without its trailing slash is served as if it had it. */
export const slashlessPathServed: FaultVariant = {
  breaks: ['CONV-02'],
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    if (!url.pathname.startsWith(`${API_PREFIX}/`) || url.pathname.endsWith('/')) return inner(req);
    url.pathname = `${url.pathname}/`;
    return inner(withUrl(req, url));
  },
};

/** JSON answers say they are plain text. */
export const jsonSentAsText: FaultVariant = {
  breaks: ['CONV-03'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if (res.body === null) return res;
    const headers = new Headers(res.headers);
    headers.set('content-type', 'text/plain; charset=utf-8');
    return new Response(res.body, { status: res.status, headers });
  },
};

/** A JSON body is read whatever Content-Type it comes with. */
export const anyBodyTypeAccepted: FaultVariant = {
  breaks: ['CONV-04'],
  wrap: (inner) => async (req) => {
    const type = req.headers.get('content-type');
    if (req.body === null || type === null || /json/i.test(type)) return inner(req);
    const headers = new Headers(req.headers);
    headers.set('content-type', 'application/json');
    return inner(withUrl(req, req.url, headers));
  },
};

/** Successes answer 203, a 2xx that no operation declares. */
export const undeclaredSuccessStatus: FaultVariant = {
  breaks: ['CONTRACT-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return res.status === 200 ? withStatus(res, 203) : res;
  },
};
