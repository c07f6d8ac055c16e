// Every check of the suite (docs/conformance.md, "Writing a check"): the check files and the rules judged over every
// exchange. A static list rather than a directory listing, so that a compiled package finds them; a new check file
// goes here.
import access from './access.check.js';
import auth from './auth.check.js';
import cases from './cases.check.js';
import conventions from './conventions.check.js';
import envelope from './envelope.check.js';
import lists from './lists.check.js';
import login from './login.check.js';
import qaScenarios from './qa-scenarios.check.js';
import qaSessions from './qa-sessions.check.js';
import tokens from './tokens.check.js';
import tokensExpiry from './tokens-expiry.check.js';

export { EXCHANGE_RULES } from './exchange-rules.js';

/** In the order the run starts them, four side by side: the ones that wait longest (TOKEN-08 sleeps past an expiry) first. */
export const CHECK_FILES = [
  tokensExpiry,
  cases,
  auth,
  tokens,
  login,
  access,
  conventions,
  envelope,
  lists,
  qaScenarios,
  qaSessions,
] as const;
