// A misspelt response field is a compile error (README "For frontend developers", generated/schema.d.ts): response
// schemas carry no `additionalProperties: true`, so the generated types have no index signature that would let
// `scenarios[0].titel` through. The snippets are compiled with the project's tsconfig, in memory, beside this file, in
// one program (the client and the generated types they import are checked once, not once per snippet).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const PRELUDE = `
import { createApiClient } from '../../client/index.js';
import type { components } from '../../generated/schema.js';
type S = components['schemas'];
declare const scenarios: S['ScenarioListEnvelope'];
declare const me: S['MemberEnvelope'];
declare const companies: S['CompanyListEnvelope'];
declare const session: S['SessionEnvelope'];
declare const report: S['CaseReportEnvelope'];
declare const tasks: S['TaskListEnvelope'];
declare const failure: S['ErrorPayload'];
declare const created: S['ApiTokenCreatedEnvelope'];
const api = createApiClient({ baseUrl: 'http://127.0.0.1:4010/api' });
export async function read() {
  const list = await api.GET('/features/qa/scenarios/list/', { params: { query: { company_id: 1, board_id: 1 } } });
  const fromClient = list.data?.data.scenarios[0];
`;

const options = (() => {
  const file = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(file.config, ts.sys, root).options;
})();

/** The snippets, each a module beside this file that exists only in the compiler host: the prelude plus a body. */
const snippetFile = (body: string, i: number) => ({
  name: join(here, `typo-snippet-${i}.ts`),
  source: `${PRELUDE}${body}\n}\n`,
});

/**
 * The compiler's messages for every body at once, one line each: the program that checks them also checks the client
 * and the generated types, once, whose messages (and the options') are under `rest`.
 */
function diagnosticsOf(bodies: string[]): { rest: string[]; of: (i: number) => string[] } {
  const snippets = bodies.map(snippetFile);
  const sources = new Map(snippets.map((s) => [s.name, s.source]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => sources.get(name) ?? readFile(name);
  host.fileExists = (name) => sources.has(name) || ts.sys.fileExists(name);
  host.getSourceFile = (name, language) => {
    const source = sources.get(name);
    return source === undefined ? getSourceFile(name, language) : ts.createSourceFile(name, source, language);
  };
  const program = ts.createProgram({ rootNames: [...sources.keys()], options, host });
  const byFile = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file && sources.has(d.file.fileName) ? d.file.fileName : '';
    byFile.set(file, [
      ...(byFile.get(file) ?? []),
      `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    ]);
  }
  return { rest: byFile.get('') ?? [], of: (i) => byFile.get(snippets[i]?.name ?? '') ?? [] };
}

const CORRECT = `
  const names: (string | undefined)[] = [
    scenarios.data.scenarios[0]?.title, fromClient?.title, me.data.member.username, companies.data.companies[0]?.role,
    companies.data.companies[0]?.boards?.[0]?.columns?.[0]?.kind, session.data.session.title,
    session.data.session.started_at, report.data.case_report.status, tasks.data.tasks[0]?.severity ?? undefined,
    failure.errors?.[0]?.field, created.data.token.token, String(me.data.member.two_factor_enabled),
  ];
  return names;`;

const MISSPELT: [string, string][] = [
  ['scenarios[0].titel', 'scenarios.data.scenarios[0]?.titel'],
  ['a scenario read through the typed client', 'fromClient?.titel'],
  ['member.usrname', 'me.data.member.usrname'],
  ['a board column', 'companies.data.companies[0]?.boards?.[0]?.columns?.[0]?.knd'],
  ['a session', 'session.data.session.is_activ'],
  ['a case report', 'report.data.case_report.satus'],
  ['a task', 'tasks.data.tasks[0]?.asignee_ids'],
  ['a field error', 'failure.errors?.[0]?.feild'],
  ['a member of data', 'scenarios.data.scenarioz'],
  ["a new token's secret", 'created.data.token.tokn'],
];

describe('response fields as the generated types declare them', () => {
  // One program for every snippet: the correct one first, then each misspelt one (at its index + 1).
  let diagnostics: ReturnType<typeof diagnosticsOf>;
  beforeAll(() => {
    diagnostics = diagnosticsOf([CORRECT, ...MISSPELT.map(([, expression]) => `  return ${expression};`)]);
  });

  test('correct spellings compile, new optional members included', () => {
    expect([...diagnostics.rest, ...diagnostics.of(0)]).toEqual([]);
  });

  test.each(MISSPELT.map(([what, expression], i) => [what, expression, i + 1] as const))(
    'a misspelt field of %s does not compile',
    (_what, expression, at) => {
      const misspelt = expression.slice(expression.lastIndexOf('.') + 1);
      const messages = [...diagnostics.rest, ...diagnostics.of(at)];
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(new RegExp(`^TS(2339|2551): Property '${misspelt}' does not exist`));
    },
  );
});
