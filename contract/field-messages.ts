// The words of a field error (docs/sandbox.md, "Field errors"): one message per ajv keyword, built from the params ajv
// gives that keyword, in the wording of the contract's error examples ("is required", "must not be empty").
import type { DefinedError, ErrorObject } from 'ajv';

/** What a value of each JSON type is called: "must be an integer". */
const ONE: Readonly<Record<string, string>> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** The same, of every value of a repeated query key: "assignee_ids must be integers". */
const EACH: Readonly<Record<string, string>> = {
  integer: 'integers',
  number: 'numbers',
  string: 'strings',
  boolean: 'true or false',
  object: 'objects',
  array: 'arrays',
  null: 'null',
};

/** The formats of ajv-formats a client meets, said as what to send; any other reads "must be a valid <format>". */
const FORMATS: Readonly<Record<string, string>> = {
  email: 'an e-mail address',
  'date-time': 'a date-time such as 2099-12-31T00:00:00Z',
  date: 'a date such as 2099-12-31',
  time: 'a time such as 23:59:00Z',
  uri: 'a URL',
  uuid: 'a UUID',
  int32: 'a 32-bit integer',
  int64: 'a 64-bit integer',
};

/** What a message may need beyond ajv's params. */
export interface MessageContext {
  /** The error is about every value of a repeated query key (`assignee_ids=1&assignee_ids=x`). */
  each: boolean;
  /** The values a discriminator's tag may take at `instancePath`, from the contract (ajv's params do not carry them). */
  tags(instancePath: string): readonly string[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** A lower limit: `ofOne` when it is one ("must not be empty"), else "<verb> at least <n> <units>". */
const atLeast = (limit: number, verb: string, one: string, many: string, ofOne: string) =>
  limit === 1 ? ofOne : `${verb} at least ${count(limit, one, many)}`;
const oneOf = (values: readonly unknown[]) =>
  values.length === 0 ? 'one of the allowed values' : `one of ${values.map((v) => String(v)).join(', ')}`;

/** The message of one ajv error, without the field it names (toFieldErrors names the field). */
export function fieldMessage(error: ErrorObject, context: MessageContext): string {
  const e = error as DefinedError;
  const be = context.each ? 'must each be' : 'must be';
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a known field';
    case 'type': {
      // ajv gives a list of types as an array (`type: [string, 'null']`), whatever its declared params say.
      const types = String(e.params.type).split(',');
      const names = context.each ? EACH : ONE;
      return `must be ${types.map((t) => names[t] ?? t).join(' or ')}`;
    }
    case 'format':
      return `${be} ${FORMATS[e.params.format] ?? `a valid ${e.params.format}`}`;
    case 'minLength':
      return atLeast(e.params.limit, be, 'character', 'characters', 'must not be empty');
    case 'maxLength':
      return `${be} at most ${count(e.params.limit, 'character', 'characters')}`;
    case 'minimum':
      return `${be} at least ${e.params.limit}`;
    case 'maximum':
      return `${be} at most ${e.params.limit}`;
    case 'exclusiveMinimum':
      return `${be} greater than ${e.params.limit}`;
    case 'exclusiveMaximum':
      return `${be} less than ${e.params.limit}`;
    case 'multipleOf':
      return `${be} a multiple of ${e.params.multipleOf}`;
    case 'minProperties':
      return atLeast(e.params.limit, 'must contain', 'field', 'fields', 'must contain at least one field');
    case 'maxProperties':
      return `must contain at most ${count(e.params.limit, 'field', 'fields')}`;
    case 'minItems':
      return atLeast(e.params.limit, 'must hold', 'value', 'values', 'must not be empty');
    case 'maxItems':
      return `must hold at most ${count(e.params.limit, 'value', 'values')}`;
    case 'uniqueItems':
      return `must not repeat a value (values ${e.params.j} and ${e.params.i} are the same)`;
    case 'pattern':
      return `${be} text matching ${e.params.pattern}`;
    case 'enum':
      return `${be} ${oneOf(e.params.allowedValues)}`;
    case 'const':
      return `${be} ${String(e.params.allowedValue)}`;
    case 'discriminator':
      return e.params.tagValue === undefined ? 'is required' : `must be ${oneOf(context.tags(e.instancePath))}`;
    case 'oneOf':
    case 'anyOf':
      return 'must match one of the allowed shapes';
    default:
      // Keywords the contract does not use (not, if, contains, …): the field is named, the value refused.
      return 'is not valid';
  }
}
