// What an exchange teaches the redactor (docs/conformance.md, "Reading the report": secrets masked): the tokens a
// login, refresh or registration hands out, the credential a request proved, the strings of a token-creation
// answer, and the credentials any answer reveals (source §2, §4, §5). The recorder hands every answer here and knows no operation itself.
import { isObject } from '../../contract/json.js';
import type { OperationSpec } from '../../contract/openapi.js';
import { sentJson } from './exchange-record.js';
import { sentStrings } from './payload.js';
import type { Redactor } from './redact.js';

/** The operations whose answers hand out a session's tokens (source §2, §4), at their path with or without the slash. */
const SESSION_PATHS = new Set(['/member/login', '/member/refresh-token', '/member/register']);

/**
 * The credentials an answer hands out or a request proved (source §5): the tokens of a login, refresh or registration
 * answer, whatever its status (a refused login that still hands out tokens hands out credentials); on success, the
 * credential of the request (whatever scheme or shape); and the strings of a token-creation answer, kept by their
 * place until the checks find which one is the secret.
 */
export function learnCredentials(
  redactor: Redactor,
  request: { method: string; headers: Headers },
  path: string,
  op: OperationSpec | undefined,
  response: Response,
  body: unknown,
  requestText: string | undefined,
): void {
  if (request.method === 'POST' && SESSION_PATHS.has(path.replace(/\/+$/, ''))) redactor.learnSession(body);
  // Whatever the status: a token the target reveals in any answer, a secret its token list shows in clear.
  redactor.learnAnswer(body, path.replace(/\/+$/, '').startsWith('/member/bearer-tokens'));
  if (!response.ok) return;
  const credential = request.headers.get('authorization');
  if (credential) redactor.add(credential.replace(/^[A-Za-z][\w-]{0,19}\s+/, ''));
  if (op?.operationId !== 'createApiToken') return;
  // The envelope's `status` ("success") and what the suite sent (the title) are no secrets.
  const spared = sentStrings(sentJson(requestText));
  if (isObject(body) && typeof body.status === 'string') spared.add(body.status);
  redactor.learnTokenAnswer(body, spared);
}
