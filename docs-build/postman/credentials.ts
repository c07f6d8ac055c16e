// The credential each request of the Postman collection sends: the variable that holds each security scheme's
// credential, and the Postman auth that sends it as openapi.yaml's scheme says (JWT or Bearer, or none).
import { isObject } from '../../contract/json.js';
import { ContractReadError, type ResolvedOperation } from '../../contract/resolved.js';
import type { PostmanAuth } from './format.js';

/** The variable that holds each security scheme's credential. */
export const SCHEME_VARIABLES: Record<string, string> = { ApiToken: 'api_token', JwtAccessToken: 'access_token' };
export const DEFAULT_CREDENTIAL = 'JwtAccessToken';

/** The Postman auth that sends `scheme`'s credential from `variable`. */
export function authFor(file: string, name: string, scheme: unknown, variable: string): PostmanAuth {
  if (!isObject(scheme)) throw new ContractReadError(file, `/components/securitySchemes/${name}`, 'is not defined');
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') {
    return { type: 'bearer', bearer: [{ key: 'token', value: `{{${variable}}}`, type: 'string' }] };
  }
  if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
    // The value's prefix (`JWT `) is the word before the credential in the scheme's example header value.
    const example = typeof scheme['x-example'] === 'string' ? scheme['x-example'] : '';
    const prefix = example.includes(' ') ? example.slice(0, example.indexOf(' ') + 1) : '';
    return {
      type: 'apikey',
      apikey: [
        { key: 'key', value: scheme.name, type: 'string' },
        { key: 'value', value: `${prefix}{{${variable}}}`, type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    };
  }
  throw new ContractReadError(
    file,
    `/components/securitySchemes/${name}`,
    'the Postman collection supports http bearer and header apiKey schemes only',
  );
}

/** The schemes an operation accepts; empty when it takes no credential (`security: []`). */
export const schemesOf = (op: ResolvedOperation): string[] => [...new Set(op.security.flatMap((r) => Object.keys(r)))];
