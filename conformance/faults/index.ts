// Every fault variant by name (issue 3 §5); test/conformance/faults.test.ts maps each to the rules it must break.
import * as access from './access.js';
import * as auth from './auth.js';
import * as envelope from './envelope.js';
import * as generated from './generated.js';
import * as lists from './lists.js';
import * as login from './login.js';
import * as qa from './qa.js';
import * as tokens from './tokens.js';
import type { Fault } from './wrap.js';

export type { Fault };

export const FAULTS: Readonly<Record<string, Fault>> = {
  ...auth,
  ...login,
  ...tokens,
  ...access,
  ...envelope,
  ...lists,
  ...qa,
  ...generated,
};
