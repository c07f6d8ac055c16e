// Places generated requests on the run's objects and sends them through the harness (docs/generated-cases.md); in
// read-only mode the objects are found by listing instead.

import { CheckFailure } from '../engine/explain.js';
import { tokenPairOf } from '../engine/payload.js';
import type { Creations } from '../engine/registry.js';
import { ROOM_KINDS } from '../engine/room.js';
import type { Harness } from '../harness/harness.js';
import { memberObjects, unlessMissing } from '../harness/objects.js';
import { createCase, createScenario, createToken, startSession } from '../harness/setup-steps.js';
import type { Send } from './explore.js';
import {
  type GeneratedRequest,
  type NegativeRequest,
  type Places,
  placeValues,
  plainRequest,
  shownRequest,
} from './generated-requests.js';
import type { OperationPlan, PlaceName } from './plan.js';

export interface RunObjects {
  places: Places;
  /** Places that point at nothing (read-only mode on a board without such an object). */
  missing: ReadonlySet<PlaceName>;
  /** The secret of a named API token to authenticate with, apart from the token the requests change. */
  apiToken?: string;
}

/** The objects every generated request of the run points at; the token used to authenticate is not among them. */
export async function createRunObjects(h: Harness): Promise<RunObjects> {
  const { profile } = h.run;
  const fromProfile = {
    username: profile.accounts.member.username,
    password: profile.accounts.member.password,
    captcha_token: profile.captchaToken,
    refresh_token: '',
    new_username: '',
    new_email: '',
  };
  const found = await memberObjects(h);
  if (h.run.readOnly) return { places: { ...found.ids, ...fromProfile }, missing: found.missing };
  // Operations declared missing leave their objects placeholders; a session that exists must hold a case report.
  if (found.missing.has('case_report_id') && !found.missing.has('sessions_id'))
    throw new CheckFailure('setup: a session started for a scenario with a case holds no case report');
  const member = await h.as('member');
  const auth = await unlessMissing(() => createToken(h, member, { title: h.title('generated credential') }));
  return {
    places: { ...found.ids, ...fromProfile },
    missing: found.missing,
    ...(auth ? { apiToken: auth.secret } : {}),
  };
}

/** What one fresh place makes (`freshPlace`): a session comes with a scenario of its own. */
const FRESH_MAKES: Partial<Record<PlaceName, Partial<Creations>>> = {
  key: { tokens: 1 },
  scenario_id: { scenarios: 1 },
  sessions_id: { scenarios: 1, sessions: 1 },
};

/**
 * What the generated cases create at most when no failure is shrunk: the run's objects (the member's objects to probe
 * and a token to authenticate with), a fresh place for every request of an operation that uses its object up, and
 * every request, valid or broken, to an operation that creates (a server may wrongly accept a broken one).
 */
export function generatedCreations(plans: readonly OperationPlan[], maxExamples: number): Creations {
  const total: Creations = { tokens: 2, scenarios: 1, sessions: 1 };
  // A valid request, a broken one, and the valid request the broken one is made from, sent before it.
  const requests = 3 * maxExamples;
  const add = (made: Partial<Creations>) => {
    for (const [kind, n] of Object.entries(made) as [keyof Creations, number][]) total[kind] += n * requests;
  };
  for (const plan of plans) {
    for (const [kind, spec] of Object.entries(ROOM_KINDS) as [keyof Creations, { create: string }][]) {
      if (spec.create === plan.op.operationId) add({ [kind]: 1 });
    }
    for (const name of plan.fresh) add(FRESH_MAKES[name] ?? {});
  }
  return total;
}

/** Numbers the usernames and e-mail addresses of the run's registrations. */
let registrations = 0;

/** A new object of the kind `name` for one request of an operation that uses its object up. */
async function freshPlace(h: Harness, objects: RunObjects, name: PlaceName): Promise<string | number> {
  const member = await h.as('member');
  const scenarioId = objects.places.scenario_id as number;
  switch (name) {
    case 'key':
      return (await createToken(h, member, { title: h.title('generated token') })).key;
    case 'scenario_id':
      return (await createScenario(h, member, h.board, { title: h.title('generated scenario'), parent_id: null })).id;
    case 'case_id':
      return (await createCase(h, member, h.board, scenarioId, h.title('generated case'))).id;
    case 'sessions_id': {
      // A scenario of its own: a server may allow one running session per scenario.
      const own = await createScenario(h, member, h.board, { title: h.title('generated session'), parent_id: null });
      await createCase(h, member, h.board, own.id, h.title('generated session case'));
      return (await startSession(h, member, h.board, own.id)).id;
    }
    case 'refresh_token': {
      const { places } = objects;
      const answer = await h.callLoose(h.anonymous(), 'login', {
        body: { username: places.username, password: places.password, captcha_token: places.captcha_token },
      });
      const { accessToken, refreshToken } = tokenPairOf(answer);
      if (accessToken) h.redactor.add(accessToken);
      if (!refreshToken) throw new Error(`login answered ${answer.status ?? 'nothing'} without a refresh_token`);
      h.redactor.add(refreshToken);
      return refreshToken;
    }
    case 'new_username':
      registrations += 1;
      return `gen${h.marker}n${registrations}`;
    case 'new_email':
      return `gen${h.marker}n${registrations}@example.com`;
    default:
      throw new Error(`no fresh ${name} can be made`);
  }
}

/** Numbers the sends of the run, for the unique names of their titles. */
let sends = 0;

/**
 * The request with each free-text title made unique to this send, keeping its length and its run marker: the valid
 * request a broken one is made from and the broken one carry the same values but never the same name, so that a
 * server that refuses a second object of the same title refuses neither for it.
 */
export function withUniqueTitles(request: GeneratedRequest, plan: OperationPlan, marker: string, n: number) {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return request;
  const suffix = ` [${marker}]`;
  const tag = `${n}~`;
  const changed = Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      if (!plan.titles.includes(name) || typeof value !== 'string' || !value.endsWith(suffix)) return [name, value];
      const text = [...value.slice(0, -suffix.length)];
      // Replaced in front when the text is long enough (its length stays within the schema's), put in front otherwise.
      const unique = text.length >= tag.length ? `${tag}${text.slice(tag.length).join('')}` : tag;
      return [name, `${unique}${suffix}`];
    }),
  );
  return { ...request, body: changed };
}

const placesIn = (request: GeneratedRequest): Set<PlaceName> => {
  const found = new Set<PlaceName>();
  placeValues(request, (name) => found.add(name));
  return found;
};

/** The `send` of the generated cases: fresh objects first, then the request with the right credential. */
export function createSender(h: Harness, objects: RunObjects): Send {
  return async (plan, request) => {
    const places: Record<PlaceName, string | number> = { ...objects.places };
    const operation = plan.op.operationId;
    for (const name of plan.fresh) {
      try {
        places[name] = await h.labelled(`generated cases: a fresh ${name} for a request to ${operation}`, () =>
          freshPlace(h, objects, name),
        );
      } catch (error) {
        throw new Error(`a fresh ${name} could not be made: ${(error as Error).message}`);
      }
    }
    const client =
      request.credential === 'session'
        ? await h.as('member')
        : request.credential === 'apiToken' && objects.apiToken
          ? h.withToken(objects.apiToken)
          : h.anonymous();
    sends += 1;
    const travelling = withUniqueTitles(plainRequest(request), plan, h.marker, sends);
    const placed = placeValues(travelling, (name) => places[name]);
    const label =
      'breakage' in request
        ? `generated cases: a request to ${operation} broken in one place (${(request as NegativeRequest).breakage.what}), after the valid request it is made from was accepted`
        : `generated cases: a valid request to ${operation}`;
    const answer = await h.labelled(label, () =>
      h.callLoose(client, operation, {
        query: placed.query,
        ...(placed.body === undefined ? {} : { body: placed.body }),
      }),
    );
    const missing = [...placesIn(travelling)].some((name) => objects.missing.has(name));
    return { answer, shown: shownRequest(travelling, places), missing };
  };
}
