// A half-built server (docs/conformance.md, "A server half built"): the sandbox with only login, /member/me/, the
// company list and the token endpoints; every other operation answers 404 as a route the server does not have yet.
import { type Fault, parse, reply } from './wrap.js';

/** The operations the half-built server has: what a team builds first (source §4, "Account and tokens"). */
export const BUILT = [
  'login',
  'getMe',
  'listCompanies',
  'listApiTokens',
  'createApiToken',
  'updateApiToken',
  'deleteApiToken',
] as const;

/** Every other operation of openapi.yaml: what the half-built server declares missing. */
export const NOT_BUILT = [
  'register',
  'refreshToken',
  'listTasks',
  'listScenarios',
  'createScenario',
  'getScenario',
  'updateScenario',
  'deleteScenario',
  'listCases',
  'createCase',
  'getCase',
  'updateCase',
  'deleteCase',
  'listSessions',
  'startSession',
  'recordCaseOutcome',
  'finishSession',
] as const;

const built = new Set<string>(BUILT);

/** 404 for every route outside BUILT, as a framework answers a route nobody wrote. */
export const halfBuilt: Fault = (inner) => async (req) => {
  const { operationId } = await parse(req);
  if (operationId !== undefined && !built.has(operationId)) return reply(404, { detail: 'Not Found' });
  return inner(req);
};
