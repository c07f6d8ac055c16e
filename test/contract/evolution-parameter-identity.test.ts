// The contract diff (docs/changes.md): a parameter is its place and its name (OpenAPI 3.1, Parameter Object: "a unique
// parameter is defined by a combination of a name and location"), so a parameter moved between the query and a header
// under the same name is a change clients see, wherever the parameter is declared (the operation or its path).
import { describe, expect, it } from 'vitest';
import { changesBetween, type Node, param } from './evolution-contracts.js';

const summary = (changes: { kind: string; class: string; message: string }[]) =>
  changes.map((c) => `${c.kind} (${c.class}): ${c.message}`).sort();

describe('a parameter moved between places under the same name', () => {
  it('from the query to a header: the query parameter is removed and a header parameter is required', () => {
    const changes = changesBetween(
      () => undefined,
      (op) => Object.assign(param(op), { in: 'header' }),
    );
    expect(summary(changes)).toEqual([
      'parameter-added-required (breaking-clients): new required header parameter id',
      'parameter-removed (breaking-clients): query parameter id removed',
    ]);
  });

  it('from a header to the query, optional: the header parameter is removed and a query parameter is new', () => {
    const changes = changesBetween(
      (op) => Object.assign(param(op), { in: 'header', required: false }),
      (op) => Object.assign(param(op), { required: false }),
    );
    expect(summary(changes)).toEqual([
      'parameter-added-optional (breaking-servers): new optional query parameter id',
      'parameter-removed (breaking-clients): header parameter id removed',
    ]);
  });

  it('from the operation to its path item, same place and name: no change', () => {
    const changes = changesBetween(
      () => undefined,
      (op, doc) => {
        const item = (doc.paths as Node)['/thing/'] as Node;
        item.parameters = op.parameters;
        delete op.parameters;
      },
    );
    expect(changes).toEqual([]);
  });

  it("a path item's parameter beside the operation's, same name, other place, is a parameter of its own", () => {
    // The operation's query id overrides a path item's parameter only at the same place: the header id is added.
    const changes = changesBetween(
      () => undefined,
      (_op, doc) => {
        const item = (doc.paths as Node)['/thing/'] as Node;
        item.parameters = [{ name: 'id', in: 'header', schema: { type: 'string' } }];
      },
    );
    expect(summary(changes)).toEqual(['parameter-added-optional (breaking-servers): new optional header parameter id']);
  });
});

describe("a header parameter's name", () => {
  // RFC 9110 §5.1: field names are case-insensitive, so X-Id and x-id are one header on the wire.
  it('written in another case is the same parameter: no change', () => {
    const changes = changesBetween(
      (op) => Object.assign(param(op), { in: 'header', name: 'X-Thing-Id' }),
      (op) => Object.assign(param(op), { in: 'header', name: 'x-thing-id' }),
    );
    expect(changes).toEqual([]);
  });

  it('in a query, another case is another parameter', () => {
    const changes = changesBetween(
      (op) => Object.assign(param(op), { name: 'Id' }),
      () => undefined,
    );
    expect(summary(changes)).toEqual([
      'parameter-added-required (breaking-clients): new required query parameter id',
      'parameter-removed (breaking-clients): query parameter Id removed',
    ]);
  });
});

describe("a parameter's place in the report", () => {
  it('names the parameter as a JSON Pointer token whether it was removed, added or changed (RFC 6901: / and ~ escaped)', () => {
    const named = (name: string, required: boolean) => (op: Node) => Object.assign(param(op), { name, required });
    const places = (changes: { kind: string; place: string }[]) => changes.map((c) => `${c.kind} ${c.place}`).sort();
    const removed = changesBetween(named('a/b~c', false), named('other', false));
    expect(places(removed).filter((p) => p.startsWith('parameter-removed'))).toEqual([
      expect.stringMatching(/\/parameters\/query:a~1b~0c$/),
    ]);
    const added = changesBetween(named('other', false), named('a/b~c', true));
    expect(places(added).filter((p) => p.startsWith('parameter-added'))).toEqual([
      expect.stringMatching(/\/parameters\/query:a~1b~0c$/),
    ]);
  });
});
