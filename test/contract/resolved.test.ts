import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH } from '../../contract/openapi.js';
import {
  ContractReadError,
  operationsOf,
  readContractFile,
  readResolvedContract,
  resolveRefs,
} from '../../contract/resolved.js';

const dir = mkdtempSync(join(tmpdir(), 'resolved-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('readContractFile', () => {
  it.each([
    ['syntax', 'openapi: 3.1.0\npaths: {a: [\n', /syntax\.yaml at line 3, column 1: /],
    ['not-openapi', 'paths: {}\n', /not an OpenAPI document/],
    ['no-paths', 'openapi: 3.1.0\n', /at \/paths: is missing/],
  ])('names the file and the place: %s', (name, text, message) => {
    expect(() => readContractFile(file(`${name}.yaml`, text))).toThrow(message);
  });
  it('names a missing file', () => {
    expect(() => readContractFile(join(dir, 'absent.yaml'))).toThrow(ContractReadError);
  });
});

describe('resolveRefs', () => {
  const doc = {
    openapi: '3.1.0',
    paths: {},
    components: {
      schemas: {
        Id: { type: 'integer' },
        Tree: {
          type: 'object',
          properties: {
            id: { $ref: '#/components/schemas/Id' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
          },
        },
      },
    },
  };
  it('inlines refs, keeps siblings, and leaves a recursive ref in place', () => {
    const resolved = resolveRefs({ ...doc, x: { $ref: '#/components/schemas/Tree', description: 'd' } }, 'f');
    const x = resolved.x as { description: string; properties: { id: unknown; children: { items: unknown } } };
    expect(x.description).toBe('d');
    expect(x.properties.id).toEqual({ type: 'integer' });
    expect(x.properties.children.items).toEqual({ $ref: '#/components/schemas/Tree' });
  });
  it('names a ref that names nothing, and where it stands', () => {
    expect(() => resolveRefs({ ...doc, x: { y: { $ref: '#/components/schemas/Nope' } } }, 'f')).toThrow(
      'f at /x/y: $ref #/components/schemas/Nope names nothing',
    );
  });
  it('refuses a non-local ref', () => {
    expect(() => resolveRefs({ ...doc, x: { $ref: 'other.yaml#/a' } }, 'f')).toThrow(/not local/);
  });
});

describe('operationsOf', () => {
  it('lists every operation of openapi.yaml with its examples and security', () => {
    const operations = operationsOf(readResolvedContract(CONTRACT_PATH));
    const login = operations.find((o) => o.operationId === 'login');
    expect(login?.security).toEqual([]);
    expect(Object.keys(login?.requestBody?.content['application/json']?.examples ?? {})).toContain('password');
    const me = operations.find((o) => o.operationId === 'getMe');
    expect(me?.security.length).toBeGreaterThan(0);
    expect(JSON.stringify(operations)).not.toContain('$ref');
  });
});
