// Reading JSON of unknown shape (a parsed answer, a request body, a stored world): the one test for "a JSON object".

/** A JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
