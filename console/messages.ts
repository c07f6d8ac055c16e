// How the console words an answer that is not a success (source §1 "Error payload": a message and, per field, the
// field's name and what is wrong with it): sentences, never "field: fragment" lists.
import { isObject } from '../contract/json.js';

/** What the console read of an answer: its status and parsed body (send.ts's ConsoleAnswer fits). */
export interface AnswerLike {
  status: number;
  body: unknown;
  /** What came instead of JSON, when the body was not JSON. */
  notJson?: string;
}

/** `text` as a sentence: trimmed, one space between words, a closing stop (a field name keeps its case). */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return '';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The words of `text`, lower case, for telling whether one sentence only repeats another. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/**
 * One field error as the payload means it, field name first: `{ field: 'title', message: 'is required' }` reads
 * "title is required."; `{ field: 'username', message: 'or password is wrong' }` reads "username or password is wrong.".
 */
export function fieldSentence(field: unknown, message: unknown): string {
  const name = typeof field === 'string' && field !== '' ? field : 'A field';
  const what = typeof message === 'string' && message.trim() !== '' ? message.trim() : 'is not accepted';
  return asSentence(`${name} ${what}`);
}

/**
 * The reader's text for an answer that is not a success: its message (`The username or password is wrong.`) followed
 * by the field errors that say more than it (one that only repeats its words is left out).
 */
export function messageOf(answer: AnswerLike): string {
  const body = isObject(answer.body) ? answer.body : {};
  const message =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? asSentence(body.message)
      : asSentence(answer.notJson ?? 'The answer carries no error message');
  const said = new Set(wordsOf(message));
  const fields = (Array.isArray(body.errors) ? body.errors : [])
    .filter(isObject)
    .map((error) => fieldSentence(error.field, error.message))
    .filter((sentence) => !wordsOf(sentence).every((word) => said.has(word)));
  return [message, ...new Set(fields)].join(' ');
}

/** `Login refused (status 401): The username or password is wrong.`: what was refused, then why. */
export function refusal(what: string, answer: AnswerLike): string {
  return `${what} (status ${answer.status}): ${messageOf(answer)}`;
}
