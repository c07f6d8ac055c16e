// The sandbox's Reply as a Web Response, and back (docs/sandbox.md "In the browser and in tests (MSW)"): what a fetch host gets, and how a host that writes bytes itself skips it.
import type { FetchHandler } from '../../../contract/http.js';
import type { MaybePromise, Reply } from './reply.js';
import type { SandboxRequest } from './request.js';

/**
 * The sandbox beneath `fetch`: a host that writes bytes itself (node.ts) skips the Response. It answers at once when
 * nothing had to wait, else with a promise.
 */
export type AnswerHandler = (request: SandboxRequest) => MaybePromise<Reply>;

// The text of each Response built from a Reply, while the Response is alive: a host that sends a Response on
// (http.ts, for a handler of its own) takes the text from here instead of reading the body stream back.
const texts = new WeakMap<Response, string>();

/** The body text of a Response built by `toResponse`, or undefined (another's Response, or a body already read). */
export function textOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}

export function toResponse(answer: Reply): Response {
  const response = new Response(answer.body, { status: answer.status, headers: answer.headers });
  if (answer.body !== null) texts.set(response, answer.body);
  return response;
}

const answerHandlers = new WeakMap<FetchHandler, AnswerHandler>();

/** A FetchHandler over `answer`; a host that finds `answer` back with `answerHandlerOf` may call it directly. */
export function fetchHandlerOf(answer: AnswerHandler): FetchHandler {
  const fetch: FetchHandler = async (request) => toResponse(await answer(request));
  answerHandlers.set(fetch, answer);
  return fetch;
}

/** The AnswerHandler beneath a FetchHandler made by `fetchHandlerOf`; undefined for any other (a fault wrapper). */
export function answerHandlerOf(fetch: FetchHandler): AnswerHandler | undefined {
  return answerHandlers.get(fetch);
}
