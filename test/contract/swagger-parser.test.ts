// @apidevtools/swagger-parser (the validator orval and other generators run first) accepts openapi.yaml as written.

import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect, test } from 'vitest';

const CONTRACT = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

test('swagger-parser validate accepts the contract', async () => {
  const outcome = await SwaggerParser.validate(CONTRACT).then(
    () => 'valid',
    (error: Error) => error.message,
  );
  expect(outcome).toBe('valid');
});
