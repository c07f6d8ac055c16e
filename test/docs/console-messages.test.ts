// The console's wording of refusals (console/messages.ts): every error example of the contract, and the sandbox's
// wrong-password answer, rendered as the console shows them, read as sentences.
import { describe, expect, test } from 'vitest';
import { messageOf, refusal } from '../../console/messages.js';
import { isObject } from '../../contract/json.js';
import { dereference } from '../../contract/pointer.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

/** Every example of a non-2xx JSON answer in the contract, named by where it is. */
function errorExamples(): [string, number, Record<string, unknown>][] {
  const found: [string, number, Record<string, unknown>][] = [];
  const deref = (node: unknown) => dereference(openapiDocument, node);
  for (const [path, item] of Object.entries(openapiDocument.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, raw] of Object.entries(operation.responses)) {
        if (/^2/.test(status)) continue;
        const response = deref(raw);
        const json = isObject(response) && isObject(response.content) ? response.content['application/json'] : {};
        if (!isObject(json)) continue;
        const values = [
          ...(json.example === undefined ? [] : [['example', json.example] as const]),
          ...Object.entries(isObject(json.examples) ? json.examples : {}).map(([name, example]) => {
            const resolved = deref(example);
            return [name, isObject(resolved) ? resolved.value : undefined] as const;
          }),
        ];
        for (const [name, value] of values) {
          if (isObject(value))
            found.push([`${method.toUpperCase()} ${path} ${status} ${name}`, Number(status) || 500, value]);
        }
      }
    }
  }
  return found;
}

/** What makes a text not read as sentences: a dangling fragment after a colon, a lone field list, doubled stops. */
function unreadable(text: string): string | undefined {
  if (!/[.!?]$/.test(text)) return 'it does not end a sentence';
  if (/:\s*(or|and|is|must|at)\b/.test(text)) return 'a colon is followed by a fragment';
  if (/\(\w+:/.test(text)) return 'a "(field: …)" list';
  if (/\.\./.test(text.replace(/…/g, ''))) return 'a doubled stop';
  if (/;\s*$/.test(text) || /\s{2}/.test(text)) return 'a loose separator';
  return undefined;
}

const examples = errorExamples();

describe('every error example of the contract reads as sentences in the console', () => {
  test('the contract has error examples with field errors to read', () => {
    expect(examples.length).toBeGreaterThan(20);
    expect(
      examples.filter(([, , body]) => Array.isArray(body.errors) && body.errors.length > 0).length,
    ).toBeGreaterThan(5);
  });

  test.each(examples)('%s', (_where, status, body) => {
    const text = refusal('Refused', { status, body });
    expect(unreadable(text), text).toBeUndefined();
    expect(text.startsWith(`Refused (status ${status}): `), text).toBe(true);
    if (typeof body.message === 'string') expect(text, text).toContain(body.message.replace(/\.$/, ''));
    // Every field named in the payload is named in the text (in the message or its own sentence).
    for (const error of Array.isArray(body.errors) ? body.errors.filter(isObject) : []) {
      expect(text, text).toContain(String(error.field));
    }
  });
});

test('a wrong password, as the sandbox answers it, is one sentence naming both fields', async () => {
  const sandbox = createSandbox();
  const response = await sandbox.fetch(
    new Request('http://sandbox.invalid/api/member/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: DEMO.accounts.member.username,
        password: 'wrong',
        captcha_token: DEMO.captchaToken,
      }),
    }),
  );
  const text = refusal('Login refused', { status: response.status, body: await response.json() });
  expect(text).toBe('Login refused (status 401): The username or password is wrong.');
});

test('a field error that says more than the message is its own sentence, field name first', () => {
  const body = {
    message: 'Validation failed.',
    errors: [
      { field: 'title', message: 'is required' },
      { field: 'priority', message: 'must be one of low, medium, high' },
    ],
  };
  expect(messageOf({ status: 400, body })).toBe(
    'Validation failed. title is required. priority must be one of low, medium, high.',
  );
  expect(messageOf({ status: 502, body: '<html>', notJson: 'The answer is not JSON (text/html).' })).toBe(
    'The answer is not JSON (text/html).',
  );
});

describe('what the reader reads, whatever the payload holds', () => {
  const said = (body: unknown) => messageOf({ status: 400, body });

  test('the message is one sentence: trimmed, one space between words, a closing stop unless it has one', () => {
    expect(said({ message: '  The board   is\nfull  ' })).toBe('The board is full.');
    expect(said({ message: 'Use e.g. a shorter title' })).toBe('Use e.g. a shorter title.');
    expect(said({ message: 'Too many requests!' })).toBe('Too many requests!');
    expect(said({ message: 'Is the board archived?' })).toBe('Is the board archived?');
  });

  test('an answer without a message says so, or what came instead of JSON', () => {
    for (const body of [{}, { message: '   ' }, { message: 42 }, 'plain text', null]) {
      expect(said(body), JSON.stringify(body)).toBe('The answer carries no error message.');
    }
    expect(messageOf({ status: 502, body: undefined, notJson: 'The answer is not JSON (text/html)' })).toBe(
      'The answer is not JSON (text/html).',
    );
  });

  test('a field error without a usable field or message still reads as a sentence', () => {
    const errors = [
      { field: '', message: 'must be a date' },
      { field: 7, message: 'is too long' },
      { field: 'due_date', message: '   ' },
      { field: 'title', message: null },
      { field: 'Priority', message: ' must be low, medium or high ' },
    ];
    expect(said({ message: 'Validation failed.', errors })).toBe(
      'Validation failed. A field must be a date. A field is too long. due_date is not accepted. title is not accepted. Priority must be low, medium or high.',
    );
  });

  test('a field error that only repeats the message, in any case, is left out; one with other words is kept', () => {
    expect(said({ message: 'The Title is required.', errors: [{ field: 'title', message: 'IS REQUIRED' }] })).toBe(
      'The Title is required.',
    );
    // Every letter of "tile" is in the message, but not the word: it says more.
    expect(said({ message: 'Title is required.', errors: [{ field: 'tile', message: 'is required' }] })).toBe(
      'Title is required. tile is required.',
    );
  });

  test('the same field error twice is said once; entries that are no error object are skipped', () => {
    const errors = [
      { field: 'title', message: 'is required' },
      'title',
      null,
      3,
      { field: 'title', message: 'is required' },
    ];
    expect(said({ message: 'Validation failed.', errors })).toBe('Validation failed. title is required.');
    expect(said({ message: 'Validation failed.', errors: { field: 'title', message: 'is required' } })).toBe(
      'Validation failed.',
    );
  });
});
