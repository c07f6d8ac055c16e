// The runtime-expression evaluator the stateful link walk relies on (OpenAPI 3.1 §4.8.20.4).
import { describe, expect, test } from 'vitest';
import {
  type Exchange,
  ExpressionError,
  evaluate,
  resolveLinkBody,
  resolveLinkValue,
  resolvePointer,
  unresolved,
} from './runtime-expression.js';

const exchange: Exchange = {
  request: {
    url: 'http://127.0.0.1:4010/api/features/qa/scenarios/list/?company_id=1&board_id=2&tag=a&tag=b',
    method: 'post',
    query: new URLSearchParams('company_id=1&board_id=2&tag=a&tag=b'),
    headers: new Headers({ 'Content-Type': 'application/json' }),
    body: { title: 'Checkout', parent_id: null },
  },
  response: {
    status: 201,
    headers: new Headers({ Location: '/x/' }),
    body: { data: { scenario: { id: 7 }, 'a/b': { '~c': 1 }, list: [{ id: 3 }, { id: 4 }] } },
  },
};

describe('evaluate', () => {
  test.each([
    ['$url', exchange.request.url],
    ['$method', 'POST'],
    ['$statusCode', 201],
    ['$request.query.company_id', '1'],
    ['$request.query.tag', ['a', 'b']],
    ['$request.query.missing', undefined],
    ['$request.header.content-type', 'application/json'],
    ['$request.body#/title', 'Checkout'],
    ['$request.body#/parent_id', null],
    ['$response.header.location', '/x/'],
    ['$response.body#/data/scenario/id', 7],
    ['$response.body#/data/list/1/id', 4],
    ['$response.body#/data/a~1b/~0c', 1],
    ['$response.body#/data/list/2/id', undefined],
    ['$response.body#/data/list/01/id', undefined],
    ['$response.body#/data/nothing/id', undefined],
  ])('%s', (expression, expected) => {
    expect(evaluate(expression, exchange)).toEqual(expected);
  });

  test.each([
    'company_id',
    '$respons.body#/data',
    '$response.body.data',
    '$response.body#data',
    '$request.query',
    '$request.path.id',
    '$response.query.x',
  ])('%s is refused', (expression) => {
    expect(() => evaluate(expression, exchange)).toThrow(ExpressionError);
  });
});

test('resolvePointer reads the whole document for an empty pointer', () => {
  expect(resolvePointer({ a: 1 }, '')).toEqual({ a: 1 });
  expect(resolvePointer({ a: 1 }, '/a/b')).toBeUndefined();
});

describe('resolveLinkValue', () => {
  test('evaluates whole expressions keeping their type, nested objects, templates and constants', () => {
    const body = resolveLinkValue(
      {
        scenario: '$response.body#/data/scenario/id',
        title: 'Case of {$response.body#/data/scenario/id} on board {$request.query.board_id}',
        tags: ['$request.query.company_id', true],
        description: '',
        count: 2,
      },
      exchange,
    );
    expect(body).toEqual({ scenario: 7, title: 'Case of 7 on board 2', tags: ['1', true], description: '', count: 2 });
  });

  test('unresolved lists every expression that found nothing', () => {
    const value = resolveLinkValue(
      { id: '$response.body#/data/gone', list: ['$request.query.nope', 1], ok: '$statusCode' },
      exchange,
    );
    expect(unresolved(value)).toEqual(['id', 'list[0]']);
    expect(unresolved(resolveLinkValue('$response.body#/x', exchange))).toEqual(['(the value)']);
  });
});

describe('resolveLinkBody', () => {
  test.each([
    ['a number, unquoted', '{"scenario_id": {$response.body#/data/scenario/id}}', { scenario_id: 7 }],
    ['a string, inside quotes', '{"title": "board {$request.query.board_id}"}', { title: 'board 2' }],
    ['constants only', '{"description": ""}', { description: '' }],
  ])('a JSON text with %s', (_what, body, expected) => {
    expect(resolveLinkBody(body, exchange)).toEqual(expected);
  });

  test('a string value with quotes stays one JSON string', () => {
    const quoted = { ...exchange, request: { ...exchange.request, body: { title: 'say "hi"\\' } } };
    expect(resolveLinkBody('{"t": "{$request.body#/title}"}', quoted)).toEqual({ t: 'say "hi"\\' });
  });

  test('a whole expression or an object is resolved as a parameter value is', () => {
    expect(resolveLinkBody('$response.body#/data/scenario', exchange)).toEqual({ id: 7 });
    expect(resolveLinkBody({ id: '$response.body#/data/scenario/id' }, exchange)).toEqual({ id: 7 });
  });

  test.each([
    ['an expression that finds nothing', '{"id": {$response.body#/data/gone}}', /finds nothing/],
    ['a text that is no JSON once replaced', '{"id": {$response.body#/data/scenario/id}', /not JSON/],
  ])('%s is an error', (_what, body, message) => {
    expect(() => resolveLinkBody(body, exchange)).toThrow(message);
  });
});
