// Records for the Store's unit tests (store.test.ts, store-bounds.test.ts): an account's fields, a named token and a
// scenario, and what one scenario of a one-letter title weighs.
import { recordBytes } from '../../mocks/sandbox/domain/accounting.js';

export const accountFields = (username: string, email = `${username}@example.test`) => ({
  username,
  email,
  first_name: 'R',
  last_name: '',
  description: '',
  passwordHash: Promise.resolve('unused'),
});

export const tokenRecord = (key: string, accountId: number) => ({
  key,
  accountId,
  title: key,
  is_active: true,
  metadata: {},
  expires_at: null,
  created_at: '2026-11-26T00:00:00Z',
  secretHash: `hash-${key}`,
});

export const scenarioFields = (title: string) => ({ boardId: 1, title, parent_id: null, position: null });

/** What one scenario of a one-letter title takes (its id's value does not change its size). */
export const ONE_SCENARIO = recordBytes({ id: 0, ...scenarioFields('a') });
