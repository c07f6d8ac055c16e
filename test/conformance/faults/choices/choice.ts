// What a choice server is: the sandbox behind a wrapper that decides one point the source leaves open its own way
// (docs/conformance.md, "What the suite does not assume"), and what the suite must be told about it.
import type { Profile } from '../../../../conformance/profile.js';
import type { FetchHandler } from '../../../../contract/http.js';

export type Wrap = (inner: FetchHandler) => FetchHandler;

export interface Choice {
  /** The server: the sandbox behind a wrapper that decides the point its own way. */
  wrap: Wrap;
  /** SHOULD rules (the contract's decisions) it may fail or leave unverified; every other rule must pass. */
  departs?: readonly string[];
  /** Rules whose every check it leaves unjudgeable: SKIP, saying why (never a pass). */
  unjudged?: readonly string[];
  /** What the profile must tell the suite about it (ids, vocabularies): the suite cannot guess those. */
  profile?: (profile: Profile) => Profile;
  /**
   * It answers its own way in the HTTP layer (redirects, a framework's pages, closed connections), which only a real
   * connection carries as a server sends it: choices.test.ts runs it over HTTP as well as in process.
   */
  httpLayer?: true;
}
