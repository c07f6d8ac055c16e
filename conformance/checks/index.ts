// Every check file, imported once: importing one registers its checks (docs/conformance.md, "Writing a check"). A
// static list rather than a directory listing, so that a compiled package finds them; a new check file goes here.
import './access.check.js';
import './auth.check.js';
import './conventions.check.js';
import './envelope.check.js';
import './cases.check.js';
import './lists.check.js';
import './login.check.js';
import './qa-scenarios.check.js';
import './qa-sessions.check.js';
import './tokens-expiry.check.js';
import './tokens.check.js';
