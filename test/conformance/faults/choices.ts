// Servers that make other choices where the source is silent (docs/conformance.md, "What the suite does not assume"):
// not faults. Each wraps the sandbox and decides one thing its own way, as a server written from the source alone
// may; the suite must fail none of its MUST rules, leave none unverified, and fail only the SHOULD rules that hold the
// contract's own decision on that point (`departs`). test/conformance/choices.test.ts runs each on its own (in process;
// those of the HTTP layer over HTTP too), choices-drawn.test.ts subsets of them and all at once through every door.
// Each choice lives in choices/, in a file named after what it decides.
import * as apiTokens from './choices/api-tokens.js';
import * as boards from './choices/boards.js';
import type { Choice } from './choices/choice.js';
import * as coercion from './choices/coercion.js';
import * as httpLayer from './choices/http-layer.js';
import * as ids from './choices/ids.js';
import * as outOfScope from './choices/out-of-scope.js';
import * as paging from './choices/paging.js';
import * as qaFlow from './choices/qa-flow.js';
import * as refusals from './choices/refusals.js';
import * as sessions from './choices/sessions.js';
import * as shapes from './choices/shapes.js';

export type { Choice } from './choices/choice.js';
export { ANOTHER_CLIENT, ID_OFFSET } from './choices/ids.js';

/**
 * In the order `allChoices` applies them, innermost first: the choices of behaviour see the sandbox's shapes, and the
 * choices of shape change what the others answered.
 */
export const CHOICES: Readonly<Record<string, Choice>> = {
  // Innermost: the routes other choices add (a board list of their own) are known to the server that adds them.
  unknownPathsHtml404: httpLayer.unknownPathsHtml404,
  // Next: the rows it leaves out of a torn walk are the sandbox's own.
  walksTornOnce: paging.walksTornOnce,
  idsReused: ids.idsReused,
  idsReusedLastDeleted: ids.idsReusedLastDeleted,
  outcomesLocked: qaFlow.outcomesLocked,
  oneRunningSessionPerScenario: qaFlow.oneRunningSessionPerScenario,
  pendingOnlyToReopen: qaFlow.pendingOnlyToReopen,
  finishNeedsReview: qaFlow.finishNeedsReview,
  conflictsAs400: qaFlow.conflictsAs400,
  oneTaskPerCase: qaFlow.oneTaskPerCase,
  ownVocabulary: qaFlow.ownVocabulary,
  tokenTitlesUnique: refusals.tokenTitlesUnique,
  scenarioTitlesUnique: refusals.scenarioTitlesUnique,
  emptyStringsRefused: refusals.emptyStringsRefused,
  laxCoercion: coercion.laxCoercion,
  oldRefreshTokensValid: sessions.oldRefreshTokensValid,
  limitCapped: paging.limitCapped,
  revokedTokensKept: apiTokens.revokedTokensKept,
  limitClamped: paging.limitClamped,
  pastLastPage404: paging.pastLastPage404,
  pastLastPage400: paging.pastLastPage400,
  outOfScopeAs404: outOfScope.outOfScopeAs404,
  othersObjectsAs403: outOfScope.othersObjectsAs403,
  validation422: refusals.validation422,
  validation415: refusals.validation415,
  expiresAtInSeconds: apiTokens.expiresAtInSeconds,
  metadataAsText: apiTokens.metadataAsText,
  sparseAnswers: shapes.sparseAnswers,
  keysListedInClear: apiTokens.keysListedInClear,
  tokenKeyIsNumericId: apiTokens.tokenKeyIsNumericId,
  companyIdMember: ids.companyIdMember,
  boardsFromOwnList: boards.boardsFromOwnList,
  companiesWithoutBoards: boards.companiesWithoutBoards,
  extraMembers: shapes.extraMembers,
  timestampsWithOffset: shapes.timestampsWithOffset,
  listsReversed: paging.listsReversed,
  ownShapes: shapes.ownShapes,
  pagingOwnWay: paging.pagingOwnWay,
  idsNamedByKind: ids.idsNamedByKind,
  objectsUnderOtherNames: shapes.objectsUnderOtherNames,
  workspaceIdsAsUuids: ids.workspaceIdsAsUuids,
  workspaceIdsAsSlugs: ids.workspaceIdsAsSlugs,
  largeIds: ids.largeIds,
  idsAsStrings: ids.idsAsStrings,
  slashRedirect308: httpLayer.slashRedirect308,
  slashRedirect301: httpLayer.slashRedirect301,
  slashRedirect307: httpLayer.slashRedirect307,
  slashlessHtml404: httpLayer.slashlessHtml404,
  connectionClose: httpLayer.connectionClose,
};

/**
 * The choices named (every one by default) made at once by one server, each applied around the ones before it in the
 * order of CHOICES, whatever the order of `names`: choices-drawn.test.ts draws any subset.
 */
export function allChoices(names: readonly string[] = Object.keys(CHOICES)): Choice {
  const wanted = new Set(names);
  const choices = Object.entries(CHOICES).flatMap(([name, c]) => (wanted.has(name) ? [c] : []));
  return {
    departs: [...new Set(choices.flatMap((c) => c.departs ?? []))],
    unjudged: [...new Set(choices.flatMap((c) => c.unjudged ?? []))],
    profile: (p) => choices.reduce((acc, c) => (c.profile ? c.profile(acc) : acc), p),
    wrap: (inner) => choices.reduce((handler, c) => c.wrap(handler), inner),
  };
}
