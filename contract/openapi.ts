// Loads openapi.yaml from disk at run time (Node only); the indexing itself lives in contract/document.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { type Contract, contractOf } from './document.js';

export {
  type Contract,
  contractOf,
  type HttpMethod,
  indexOperations,
  type OperationSpec,
  type ParameterSpec,
} from './document.js';

export const CONTRACT_PATH = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

let cached: Contract | undefined;

/** Reads and indexes openapi.yaml once per process. */
export function loadContract(path: string = CONTRACT_PATH): Contract {
  if (cached && path === CONTRACT_PATH) return cached;
  const contract = contractOf(parse(readFileSync(path, 'utf8')) as Record<string, unknown>);
  if (path === CONTRACT_PATH) cached = contract;
  return contract;
}
