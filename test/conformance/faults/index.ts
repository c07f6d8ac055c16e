// Every fault variant by name, each with the rules it breaks; test/conformance/faults.test.ts runs them all.
import * as access from './access.js';
import * as auth from './auth.js';
import * as cases from './cases.js';
import * as envelope from './envelope.js';
import * as lists from './lists.js';
import * as login from './login.js';
import * as qa from './qa.js';
import * as tokens from './tokens.js';
import type { Fault, FaultVariant } from './wrap.js';

export type { Fault, FaultVariant };

export const FAULTS: Readonly<Record<string, FaultVariant>> = {
  ...auth,
  ...login,
  ...tokens,
  ...access,
  ...envelope,
  ...lists,
  ...qa,
  ...cases,
};
