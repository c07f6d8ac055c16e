// Media types compare case-insensitively (RFC 9110 §8.3.1): an error payload labelled `Application/Problem+JSON` is
// read as JSON by unwrap, as `application/json` is; a type that only looks like JSON is not.
import { describe, expect, test } from 'vitest';
import { ApiError, unwrap } from '../../client/index.js';
import { clientFor, fakeServer } from './fake-server.js';

const payload = {
  status: 'error',
  message: 'Validation failed.',
  errors: [{ field: 'title', message: 'is required' }],
};

async function refusal(contentType: string): Promise<ApiError> {
  const answer = () => new Response(JSON.stringify(payload), { status: 400, headers: { 'content-type': contentType } });
  const error = await unwrap(clientFor(fakeServer(answer)).GET('/company/list/')).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiError reads the payload of a JSON media type in any case', () => {
  test.each([
    'application/json',
    'Application/JSON',
    'APPLICATION/JSON; CHARSET=UTF-8',
    'application/problem+json',
    'Application/Problem+JSON',
  ])('%s → the fields to correct', async (type) => {
    expect((await refusal(type)).fields).toEqual(['title']);
  });

  test.each(['text/plain', 'text/html; charset=utf-8', 'application/jsonp'])('%s → no payload', async (type) => {
    expect((await refusal(type)).payload).toBeUndefined();
  });
});
