// unwrap (source §1 envelope, §7 rule 1): the HTTP status first, then `{status: "success", data}`; ApiError otherwise.
import { describe, expect, expectTypeOf, test } from 'vitest';
import { ApiError, type components, type FieldError, isErrorPayload, unwrap } from '../../client/index.js';
import { clientFor, failure, fakeServer } from './fake-server.js';

const errorPayload = {
  status: 'error',
  message: 'Validation failed.',
  errors: [
    { field: 'captcha_token', message: 'is required' },
    { field: 'password', message: 'is required' },
  ],
};

async function unwrapAnswer(answer: () => Response) {
  const client = clientFor(fakeServer(answer));
  return unwrap(client.GET('/company/list/'));
}

describe('success', () => {
  test.each([
    { label: 'data with a collection', body: { status: 'success', data: { companies: [{ id: 1 }] } } },
    { label: 'extra envelope members', body: { status: 'success', data: { companies: [] }, request_id: 'x' } },
    { label: 'no data (a deletion)', body: { status: 'success' } },
  ])('$label → data', async ({ body }) => {
    await expect(unwrapAnswer(() => Response.json(body))).resolves.toEqual(body.data);
  });
});

describe('2xx without the success envelope → ApiError', () => {
  test.each([
    { label: 'an empty object', body: {} },
    { label: 'status error', body: { status: 'error', data: { companies: [] } } },
    { label: 'status missing', body: { data: { companies: [] } } },
    { label: 'a bare array', body: [{ id: 1 }] },
    { label: 'data that is not an object', body: { status: 'success', data: 'companies' } },
    { label: 'null', body: null },
  ])('$label', async ({ body }) => {
    const error = await unwrapAnswer(() => Response.json(body)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, operation: 'GET /company/list/', payload: body });
    expect((error as Error).message).toBe('GET /company/list/: HTTP 200, no success envelope');
  });

  test('an empty 2xx body', async () => {
    const error = await unwrapAnswer(() => new Response(null, { status: 204 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 204, payload: undefined });
    // Empty is not garbled: the message says what is missing, not that the body was not JSON.
    expect((error as Error).message).toBe('GET /company/list/: HTTP 204, no success envelope');
  });
});

describe('non-2xx → ApiError carrying status, payload and fields', () => {
  test.each([
    { status: 400, payload: errorPayload, fields: ['captcha_token', 'password'] },
    { status: 401, payload: { status: 'error', message: 'expired' }, fields: [] },
    { status: 403, payload: { status: 'error', message: 'no access' }, fields: [] },
    { status: 404, payload: { status: 'error', message: 'missing', errors: [{ message: 'no field' }] }, fields: [] },
  ])('$status', async ({ status, payload, fields }) => {
    const error = await unwrapAnswer(() => failure(status, payload)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, payload, fields, operation: 'GET /company/list/' });
  });

  test('the message names the operation, the status and the fields, not the server text', async () => {
    const error = (await unwrapAnswer(() => failure(400, errorPayload)).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('GET /company/list/: HTTP 400, rejected; fields to correct: captcha_token, password');
  });

  test('a body that is not JSON gives payload undefined', async () => {
    const error = await unwrapAnswer(() => new Response('<h1>Bad gateway</h1>', { status: 502 })).catch((e) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 502, payload: undefined, fields: [] });
  });

  test('the status is checked before data: a 403 carrying a success envelope is still an error', async () => {
    const body = { status: 'success', data: { companies: [] } };
    const error = await unwrapAnswer(() => Response.json(body, { status: 403 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 403 });
  });

  test('the status is checked before data, also for a result built by hand', async () => {
    const result = {
      data: { status: 'success', data: { companies: [] } },
      response: new Response(null, { status: 401 }),
    };
    await expect(unwrap(result)).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });

  test('the operation is named with its method and contract path (query left out)', async () => {
    const server = fakeServer(() => failure(400, errorPayload));
    const client = clientFor(server);
    const result = client.PATCH('/features/qa/sessions/cases/', {
      params: { query: { company_id: 1, board_id: 2, case_report_id: 3 } },
      body: { status: 'done' },
    });
    await expect(unwrap(result)).rejects.toMatchObject({ operation: 'PATCH /features/qa/sessions/cases/' });
  });
});

describe('ApiError carries the response headers', () => {
  // Prism answers a request that breaks the contract with its example body; the real reason is in this header.
  const violations = JSON.stringify([
    { location: ['request', 'body'], message: "must have required property 'title'" },
  ]);

  test.each([
    { label: 'a rejection', answer: () => failure(400, errorPayload, { 'sl-violations': violations }) },
    {
      label: 'a 2xx without the envelope',
      answer: () => Response.json({ companies: [] }, { headers: { 'sl-violations': violations } }),
    },
    {
      label: 'a 2xx that is not JSON',
      answer: () => new Response('<html></html>', { headers: { 'sl-violations': violations } }),
    },
  ])('$label: sl-violations reaches the caller, the message stays without it', async ({ answer }) => {
    const error = await unwrapAnswer(answer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const { headers, message } = error as ApiError;
    expect(headers).toBeInstanceOf(Headers);
    expect(headers.get('sl-violations')).toBe(violations);
    expect(message).not.toContain('title');
  });
});

describe("typed access to the API's message and field errors", () => {
  test("the contract's error payload is typed: its message and each field with its message", async () => {
    const error = (await unwrapAnswer(() => failure(400, errorPayload)).catch((e: unknown) => e)) as ApiError;
    expect(error.errorPayload?.message).toBe('Validation failed.');
    expect(error.fieldErrors).toEqual(errorPayload.errors);
    // Typed from the generated schema, with no cast in the caller's code.
    expectTypeOf(error.errorPayload).toEqualTypeOf<components['schemas']['ErrorPayload'] | undefined>();
    expectTypeOf(error.fieldErrors).toEqualTypeOf<readonly FieldError[]>();
    const shown: string = error.errorPayload?.message ?? 'fallback';
    expect(shown).toBe('Validation failed.');
    // The API's text is data for the screen, never part of the error's own message.
    expect(error.message).not.toContain('Validation failed.');
  });

  test.each([
    { label: 'a body that is not JSON', answer: () => new Response('<h1>Bad gateway</h1>', { status: 502 }) },
    { label: 'JSON of another shape', answer: () => Response.json({ detail: 'Not found' }, { status: 404 }) },
    { label: 'a message that is not a string', answer: () => failure(400, { status: 'error', message: 42 }) },
    {
      label: 'errors that are not { field, message }',
      answer: () => failure(400, { status: 'error', message: 'bad', errors: [{ field: 'title' }] }),
    },
    {
      label: 'a success envelope with an error status',
      answer: () => Response.json({ status: 'success' }, { status: 403 }),
    },
  ])('$label: errorPayload is undefined and fieldErrors empty, payload still carries it', async ({ answer }) => {
    const error = (await unwrapAnswer(answer).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.errorPayload).toBeUndefined();
    expect(error.fieldErrors).toEqual([]);
  });

  test.each([
    [{ status: 'error', message: 'm' }, true],
    [{ status: 'error', message: 'm', errors: [] }, true],
    [{ status: 'error', message: 'm', errors: [{ field: 'f', message: 'x', code: 7 }], request_id: 'r' }, true],
    [{ status: 'success', message: 'm' }, false],
    [{ message: 'm' }, false],
    [{ status: 'error', message: 'm', errors: {} }, false],
    [null, false],
    ['error', false],
  ])('isErrorPayload(%j) → %s', (value, expected) => {
    expect(isErrorPayload(value)).toBe(expected);
  });
});
