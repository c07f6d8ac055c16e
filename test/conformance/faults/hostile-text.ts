// A half-built server that writes hostile text (docs/conformance.md, "In CI" and "What the suite guarantees"): the
// operations it lacks answer 404 (405 and 501 for two of them) with a body and headers that try to run CI workflow
// commands, inject HTML and Markdown, and drive a terminal; getScenario answers 410, a status that is not one of an
// unbuilt route, so it must not be named as one.
import { BUILT, halfBuilt } from './partial.js';
import { type Fault, parse } from './wrap.js';

/** What every answer of a missing operation carries as its body: each line a different attack. */
export const HOSTILE_BODY = [
  'Not Found',
  '::error title=pwned::the server wrote this annotation',
  '  ::set-output name=pwned::1',
  '##[error]the server wrote this legacy command',
  '##vso[task.setvariable variable=pwned]1',
  "##teamcity[buildStatus text='pwned']",
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '<a href="javascript:window.__pwned = \'link\'">click me</a>',
  '[a link](javascript:alert(1)) ![an image](http://127.0.0.1:9/pixel.png) **bold** | a | cell | <details open>',
  '```',
  'a literal %0A and %25 and a CR\rhere',
  '\x1b[31mred\x1b[0m and \u202Ereversed',
].join('\n');

/** A content type that holds markup too (the recorder keeps it). */
export const HOSTILE_TYPE = 'text/html; x="<img src=x onerror=window.__pwned=1>##vso[x]"';

/** The statuses the unbuilt operations answer: most 404, one 405, one 501; getScenario 410. */
const STATUS: Record<string, number> = { listTasks: 405, refreshToken: 501, getScenario: 410 };

export const hostileHalfBuilt: Fault = (inner) => {
  const half = halfBuilt(inner);
  return async (req) => {
    const { operationId } = await parse(req);
    const res = await half(req);
    if (res.status !== 404 || (BUILT as readonly string[]).includes(operationId ?? '')) return res;
    return new Response(HOSTILE_BODY, {
      status: STATUS[operationId ?? ''] ?? 404,
      headers: { 'content-type': HOSTILE_TYPE },
    });
  };
};
