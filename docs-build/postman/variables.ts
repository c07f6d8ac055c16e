// The Postman collection's variables a user sets: base_url, from the contract's servers, and the login inputs, whose
// defaults are the sandbox demo world's public values.
import { isObject } from '../../contract/json.js';
import { ContractReadError } from '../../contract/resolved.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import type { Node } from './answers.js';

/** Variables the user sets, with their defaults: the sandbox demo world's public values. */
export const INPUTS: Record<string, { value: string; description: string }> = {
  username: {
    value: DEMO.accounts.member.username,
    description: 'The account to log in as (the sandbox demo member).',
  },
  password: { value: DEMO.accounts.member.password, description: 'Its password (the sandbox demo password).' },
  captcha_token: {
    value: DEMO.captchaToken,
    description: 'A captcha token the server accepts (the sandbox test captcha).',
  },
};

/** The REST base address: the default of the contract's `base_url` server variable. */
export function baseUrlOf(file: string, document: Node): string {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  for (const server of servers) {
    const variable = isObject(server) && isObject(server.variables) ? server.variables.base_url : undefined;
    if (isObject(variable) && typeof variable.default === 'string') return variable.default;
  }
  throw new ContractReadError(file, '/servers', 'no server has a base_url variable with a default');
}
