// A misspelt response field is a compile error (README "For frontend developers", generated/schema.d.ts): response
// schemas carry no `additionalProperties: true`, so the generated types have no index signature that would let
// `scenarios[0].titel` through. Each snippet is compiled with the project's tsconfig, in memory, beside this file.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const SNIPPET = join(here, 'typo-snippet.ts');

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

/** The compiler's messages for the prelude plus `body`, one line each. */
function diagnosticsOf(body: string): string[] {
  const source = `${PRELUDE}${body}\n}\n`;
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === SNIPPET ? source : readFile(name));
  host.fileExists = (name) => name === SNIPPET || ts.sys.fileExists(name);
  host.getSourceFile = (name, language) =>
    name === SNIPPET ? ts.createSourceFile(name, source, language) : getSourceFile(name, language);
  const program = ts.createProgram({ rootNames: [SNIPPET], options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('response fields as the generated types declare them', () => {
  test('correct spellings compile, new optional members included', { timeout: 120_000 }, () => {
    expect(
      diagnosticsOf(`
  const names: (string | undefined)[] = [
    scenarios.data.scenarios[0]?.title, fromClient?.title, me.data.member.username, companies.data.companies[0]?.role,
    companies.data.companies[0]?.boards?.[0]?.columns?.[0]?.kind, session.data.session.title,
    session.data.session.started_at, report.data.case_report.status, tasks.data.tasks[0]?.severity ?? undefined,
    failure.errors?.[0]?.field, created.data.token.token, String(me.data.member.two_factor_enabled),
  ];
  return names;`),
    ).toEqual([]);
  });

  test.each([
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
  ])('a misspelt field of %s does not compile', { timeout: 120_000 }, (_what, expression) => {
    const misspelt = expression.slice(expression.lastIndexOf('.') + 1);
    const messages = diagnosticsOf(`  return ${expression};`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^TS(2339|2551): Property '${misspelt}' does not exist`));
  });
});
