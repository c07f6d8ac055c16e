// The world the docs' code samples assume: the demo world, a login, a named API token, and a session started on the
// demo's first scenario (so that case report 1 and session 1 exist); the values the samples read from variables.
import { createApiClient, unwrap } from '../../client/index.js';
import type { SAMPLE_VARIABLES } from '../../docs-build/code-samples.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

export type SampleVariables = Record<keyof typeof SAMPLE_VARIABLES, string>;

/** Logs in as the demo member, creates a named token and starts a session; returns the samples' variables. */
export async function prepareSampleWorld(baseUrl: string): Promise<SampleVariables> {
  const { member } = DEMO.accounts;
  const pair = await unwrap(
    createApiClient({ baseUrl }).POST('/member/login/', {
      body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    }),
  );
  const api = createApiClient({
    baseUrl,
    credential: { kind: 'session', accessToken: pair.access_token, refreshToken: pair.refresh_token },
  });
  const { token } = await unwrap(
    api.POST('/member/bearer-tokens/', { body: { title: 'code samples', is_active: true } }),
  );
  await unwrap(
    api.POST('/features/qa/sessions/start/', {
      params: { query: { company_id: DEMO.companyId, board_id: DEMO.boardId } },
      body: { scenario_id: DEMO.scenarios.checkout },
    }),
  );
  return { BASE_URL: baseUrl, API_TOKEN: token.token, REFRESH_TOKEN: pair.refresh_token, TOKEN_KEY: token.key };
}
