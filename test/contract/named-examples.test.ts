// The contract loads in peer tools that pair examples by name (docs/changes.md, "Peer tools"): Specmatic builds a
// whole request-and-answer example from every name a request example and a response example share, and refuses one
// whose required parameters have no example of that name.
import { describe, expect, it } from 'vitest';
import { operationsOf, readResolvedContract } from '../../contract/resolved.js';

/** Names an operation's request body examples share with its response examples, and the parameters each lacks. */
function unpaired(file: string): string[] {
  const problems: string[] = [];
  for (const op of operationsOf(readResolvedContract(file))) {
    const requestNames = new Set(Object.values(op.requestBody?.content ?? {}).flatMap((m) => Object.keys(m.examples)));
    const responseNames = new Set(
      Object.values(op.responses).flatMap((r) => Object.values(r.content).flatMap((m) => Object.keys(m.examples))),
    );
    for (const name of requestNames) {
      if (!responseNames.has(name) || name === 'default') continue;
      for (const p of op.parameters.filter((p) => p.required && !(name in p.examples))) {
        problems.push(
          `${op.operationId}: the example "${name}" pairs a request with an answer, but ${p.in} parameter ${p.name} has no example named "${name}"`,
        );
      }
    }
  }
  return problems;
}

describe('named examples', () => {
  it('pair up in every operation of openapi.yaml', () => {
    expect(unpaired('openapi.yaml')).toEqual([]);
  });

  it('did not in release 0.1.0, which Specmatic refused (the case outcome answer was named "bug")', () => {
    expect(unpaired('contract/releases/0.1.0.yaml')).toEqual([
      'recordCaseOutcome: the example "bug" pairs a request with an answer, but query parameter company_id has no example named "bug"',
      'recordCaseOutcome: the example "bug" pairs a request with an answer, but query parameter board_id has no example named "bug"',
      'recordCaseOutcome: the example "bug" pairs a request with an answer, but query parameter case_report_id has no example named "bug"',
    ]);
  });
});

describe('what Specmatic warns about is kept out of openapi.yaml', () => {
  const operations = operationsOf(readResolvedContract('openapi.yaml'));

  it('every link request body is JSON text with embedded runtime expressions, not an object', () => {
    const objects = operations.flatMap((op) =>
      Object.entries(op.node.responses as Record<string, { links?: Record<string, { requestBody?: unknown }> }>)
        .flatMap(([status, response]) =>
          Object.entries(response.links ?? {}).map(([name, link]) => ({ status, name, link })),
        )
        .filter(({ link }) => link.requestBody !== undefined && typeof link.requestBody !== 'string')
        .map(({ status, name }) => `${op.operationId} ${status} ${name}`),
    );
    expect(objects).toEqual([]);
  });

  it('an error answer with one example gives it unnamed, so no name waits for a request example', () => {
    const named = operations.flatMap((op) =>
      Object.entries(op.responses)
        .filter(([status]) => !/^2/.test(status))
        .flatMap(([status, response]) =>
          Object.values(response.content)
            .filter((media) => Object.keys(media.examples).length === 1 && !('default' in media.examples))
            .map(() => `${op.operationId} ${status}`),
        ),
    );
    expect(named).toEqual([]);
  });
});
