// The conformance rule catalogue (docs/rules.md): every rule the suite checks, as data, with its level and source section.

export type Level = 'MUST' | 'SHOULD';

export type Area =
  | 'auth'
  | 'login'
  | 'tokens'
  | 'access'
  | 'envelope'
  | 'conventions'
  | 'lists'
  | 'qa'
  | 'generated'
  | 'contract';

export interface Rule {
  /** Stable ID; every check's name starts with it. */
  id: string;
  /** MUST when the source states it; SHOULD for a contract assumption or a best practice. */
  level: Level;
  area: Area;
  /** Where it comes from: a section of the source description, or the contract (openapi.yaml) for an assumption. */
  source: string;
  /** For a MUST rule: the source's own words it rests on, verbatim (table cells keep their ` | `). */
  quotes?: readonly string[];
  /** One sentence. */
  text: string;
  /** Its checks create, change or delete data, so `--read-only` skips them. */
  writes: boolean;
  /**
   * The first release of the kit in which the rule holds as written (level and text); absent means since the first
   * release, 0.1.0. A rule changed after the last release says `unreleased`.
   */
  since?: string;
  /**
   * Judged over every exchange of the run rather than by a check of its own: each check file ends with a test for it
   * that looks at the responses that file received.
   */
  overExchanges?: true;
}

/** The areas in the order the report lists them, with the title the docs page uses. */
export const AREAS: readonly { area: Area; prefix: string; title: string }[] = [
  { area: 'auth', prefix: 'AUTH', title: 'Authentication on every authenticated operation' },
  { area: 'login', prefix: 'LOGIN', title: 'Login, registration and refresh' },
  { area: 'tokens', prefix: 'TOKEN', title: 'Named API tokens' },
  { area: 'access', prefix: 'ACCESS', title: 'Access between accounts' },
  { area: 'envelope', prefix: 'ENV', title: 'Envelope and errors' },
  { area: 'conventions', prefix: 'CONV', title: 'Request conventions' },
  { area: 'lists', prefix: 'LIST', title: 'Lists, paging and filters' },
  { area: 'qa', prefix: 'QA', title: 'QA scenarios, cases, sessions and outcomes' },
  { area: 'generated', prefix: 'GEN', title: 'Generated requests from the request schemas of openapi.yaml' },
  { area: 'contract', prefix: 'CONTRACT', title: 'Conformance of every response to openapi.yaml' },
];

/** Source §5 rule 7 and §7's 403 and 404 rows: the words behind every "the outsider is kept out" rule. */
const OUT_OF_SCOPE_QUOTES = [
  "Reads and writes are limited to resources the credential's account may access.",
  '403 | the account lacks the role or workspace/board access for the operation',
  '404 | an identifier is wrong or out of scope, or the object is missing',
];

/** The first release of the kit: a rule without `since` holds from it. */
export const FIRST_RELEASE = '0.1.0';

export const RULES: readonly Rule[] = [
  // Authentication: each of these is checked on every authenticated operation of openapi.yaml.
  {
    id: 'AUTH-01',
    level: 'MUST',
    area: 'auth',
    source: '§5 table; §7 (401)',
    quotes: ['401 | the authorization header, token expiry or token state is wrong'],
    text: 'A request without an Authorization header gets 401.',
    writes: false,
  },
  {
    id: 'AUTH-02',
    level: 'MUST',
    area: 'auth',
    source: '§7 (401)',
    quotes: ['401 | the authorization header, token expiry or token state is wrong'],
    text: 'A malformed Authorization header, an unknown scheme or an unknown token gets 401.',
    writes: false,
  },
  {
    id: 'AUTH-03',
    level: 'MUST',
    area: 'auth',
    source: '§5 rule 3',
    quotes: ['A JWT access token is never used with the Bearer scheme, and never presented as a named API token.'],
    text: 'A JWT access token sent under the Bearer scheme (as if it were a named API token) gets 401.',
    writes: false,
  },
  {
    id: 'AUTH-04',
    level: 'MUST',
    area: 'auth',
    source: '§5 (the two credential kinds are not interchangeable)',
    quotes: ['The service has two credential kinds. They are not interchangeable.'],
    text: 'A named API token sent under the JWT scheme gets 401.',
    writes: false,
  },
  {
    id: 'AUTH-05',
    level: 'MUST',
    area: 'auth',
    source: '§5 rule 2',
    quotes: [
      'The refresh_token goes only in the body of POST /member/refresh-token/. It is never placed in an Authorization header.',
    ],
    text: 'A refresh token in the Authorization header, under either scheme, gets 401.',
    writes: false,
  },
  {
    id: 'AUTH-06',
    level: 'MUST',
    area: 'auth',
    source: '§7 rule 2',
    quotes: ['A failed authorization is distinct from an empty successful list.'],
    text: 'A failed authorization on a list endpoint is never a 2xx answer (an empty successful list).',
    writes: false,
  },

  // Login, registration and refresh.
  {
    id: 'LOGIN-01',
    level: 'MUST',
    area: 'login',
    source: '§5 rule 4',
    quotes: ['Login, registration and refresh carry no Authorization header.'],
    text: 'Login and refresh succeed without an Authorization header.',
    writes: false,
  },
  {
    id: 'LOGIN-02',
    level: 'MUST',
    area: 'login',
    source: '§2 (login result); §5 table; §5 rule 8',
    quotes: [
      'Login result contains access_token and refresh_token.',
      'Authorization: JWT <ACCESS_TOKEN>',
      'GET /member/me/ identifies the account that owns a credential.',
    ],
    text: 'Login returns access_token and refresh_token, and the access token sent as `Authorization: JWT` makes GET /member/me/ name the account that logged in.',
    writes: false,
  },
  {
    id: 'LOGIN-03',
    level: 'MUST',
    area: 'login',
    source: '§5 rule 5; §7 (validation failure)',
    quotes: [
      'Login and registration require a valid captcha_token in the body.',
      'the returned error payload names fields to correct',
    ],
    text: 'Login without captcha_token is rejected with a 4xx error payload that names captcha_token.',
    writes: false,
  },
  {
    id: 'LOGIN-04',
    level: 'MUST',
    area: 'login',
    source: '§5 rule 5',
    quotes: ['Login and registration require a valid captcha_token in the body.'],
    text: 'Login with a wrong captcha_token is rejected with a 4xx and issues no tokens.',
    writes: false,
  },
  {
    id: 'LOGIN-05',
    level: 'SHOULD',
    area: 'login',
    source: '§7 (best practice: name the field to correct)',
    text: 'The rejection of a wrong captcha_token names captcha_token.',
    writes: false,
  },
  {
    id: 'LOGIN-06',
    level: 'MUST',
    area: 'login',
    source: '§2 (refresh-token rotation)',
    quotes: ['Refresh-token rotation: the response carries a replacement pair'],
    text: 'Refresh answers with a replacement pair: a refresh_token different from the one sent, and an access token that authenticates.',
    writes: false,
  },
  {
    id: 'LOGIN-07',
    level: 'SHOULD',
    area: 'login',
    source: '§2 (rotation; reuse of a spent refresh token is not shown)',
    text: 'After rotation the old refresh token is rejected.',
    writes: false,
  },
  {
    id: 'LOGIN-08',
    level: 'MUST',
    area: 'login',
    source: '§2 (registration body); §4; §5 rule 4',
    quotes: [
      'first_name, username, email, password, captcha_token, optional last_name, description | registered account',
      'Login, registration and refresh carry no Authorization header.',
    ],
    text: 'Registration with every required field and a valid captcha_token succeeds and returns the registered account.',
    writes: true,
  },
  {
    id: 'LOGIN-09',
    level: 'MUST',
    area: 'login',
    source: '§5 rule 5; §7 (validation failure)',
    quotes: [
      'Login and registration require a valid captcha_token in the body.',
      'the returned error payload names fields to correct',
    ],
    text: 'Registration without captcha_token, or with a wrong one, is rejected with a 4xx error payload (naming captcha_token when it is missing).',
    writes: true,
  },
  {
    id: 'LOGIN-10',
    level: 'MUST',
    area: 'login',
    source: '§1 (access is limited to what the account may read or change); §5 rule 7',
    quotes: [
      "Access to resources is limited to what the token's account may read or change.",
      "Reads and writes are limited to resources the credential's account may access.",
    ],
    text: 'Login with a wrong password is rejected with a 4xx and issues no tokens.',
    writes: false,
  },

  // Named API tokens.
  {
    id: 'TOKEN-01',
    level: 'MUST',
    area: 'tokens',
    source: '§5 rule 6',
    quotes: ['Token management endpoints require authentication. A token cannot be created anonymously.'],
    text: 'Listing, creating, updating or deleting tokens without authentication gets 401, and no token is created anonymously.',
    writes: true,
  },
  {
    id: 'TOKEN-02',
    level: 'MUST',
    area: 'tokens',
    source: '§5 table; §5 rule 8',
    quotes: ['Authorization: Bearer <API_TOKEN>', 'GET /member/me/ identifies the account that owns a credential.'],
    text: 'A newly created named API token authenticates under the Bearer scheme, and GET /member/me/ with it names its owner.',
    writes: true,
  },
  {
    id: 'TOKEN-03',
    level: 'MUST',
    area: 'tokens',
    source: '§4 (GET /member/bearer-tokens/ returns the list of tokens)',
    quotes: ['GET | /member/bearer-tokens/ | Bearer | page, limit | none | list of tokens'],
    text: "The token list holds the account's newly created token.",
    writes: true,
  },
  {
    id: 'TOKEN-04',
    level: 'MUST',
    area: 'tokens',
    source: '§3 (integration token active → inactive); §5 rule 1',
    quotes: [
      'with is_active false | token key given | inactive | the token stops authenticating',
      'A token must be active and not expired to authenticate.',
    ],
    text: 'After deactivation (is_active false) the token gets 401 on the next request.',
    writes: true,
  },
  {
    id: 'TOKEN-05',
    level: 'MUST',
    area: 'tokens',
    source: '§3 (integration token inactive → active)',
    quotes: ['inactive | PATCH with is_active true | token key given | active'],
    text: 'After reactivation (is_active true) the token authenticates again.',
    writes: true,
  },
  {
    id: 'TOKEN-12',
    level: 'MUST',
    area: 'tokens',
    since: 'unreleased',
    source: '§4 (PATCH /member/bearer-tokens/detail/), §5 rule 1',
    quotes: [
      'PATCH | /member/bearer-tokens/detail/ | Bearer | key | any of is_active, title, metadata, expires_at | updated token',
      'A token must be active and not expired to authenticate.',
    ],
    text: 'A token PATCH takes effect on later requests: the token list shows the new title and metadata wherever it showed the old ones, and a token whose expires_at is moved into the past gets 401.',
    writes: true,
  },
  {
    id: 'TOKEN-06',
    level: 'MUST',
    area: 'tokens',
    source: '§3 (integration token any → revoked); §2',
    quotes: ['DELETE /member/bearer-tokens/detail/ | token key given | revoked | later requests with it fail'],
    text: 'After deletion the token gets 401.',
    writes: true,
  },
  {
    id: 'TOKEN-07',
    level: 'SHOULD',
    area: 'tokens',
    source: '§7 (404 for a missing object; the revoked state is not shown further)',
    text: 'A second delete of the same token gets 404.',
    writes: true,
  },
  {
    id: 'TOKEN-08',
    level: 'MUST',
    area: 'tokens',
    source: '§5 rules 1 and 9',
    quotes: ['A token must be active and not expired to authenticate.', 'An expiry may be set.'],
    text: 'A token with an expires_at authenticates before it and gets 401 after it.',
    writes: true,
  },
  {
    id: 'TOKEN-09',
    level: 'SHOULD',
    area: 'tokens',
    source: 'contract (ApiToken: the secret is handed out once, on creation)',
    text: "Neither the token list nor a token update reveals a token's secret.",
    writes: true,
  },
  {
    id: 'TOKEN-10',
    level: 'MUST',
    area: 'tokens',
    source: '§3 (integration token any → revoked)',
    quotes: ['DELETE /member/bearer-tokens/detail/ | token key given | revoked | later requests with it fail'],
    text: 'A deleted token stays revoked: a PATCH with is_active true by its key does not make it authenticate again.',
    writes: true,
  },
  {
    id: 'TOKEN-11',
    level: 'SHOULD',
    area: 'tokens',
    source:
      'contract (deleteApiToken: a revoked token is gone; the source names the revoked state, not whether it is listed)',
    text: 'A deleted token is no longer in the token list.',
    writes: true,
  },

  // Access between accounts.
  {
    id: 'ACCESS-01',
    level: 'MUST',
    area: 'access',
    source: '§5 rule 7; §7 (403, 404)',
    quotes: OUT_OF_SCOPE_QUOTES,
    text: "The outsider gets 403 or 404, never a 2xx or data, on every QA operation and on the task list of the member's board.",
    writes: false,
  },
  {
    id: 'ACCESS-02',
    level: 'MUST',
    area: 'access',
    source: '§5 rule 7; §7 (403, 404)',
    quotes: OUT_OF_SCOPE_QUOTES,
    text: "The outsider gets 403 or 404 when updating or deleting the member's token by its key, and the token keeps working; neither account's token list shows a token of the other.",
    writes: true,
    since: 'unreleased',
  },
  {
    id: 'ACCESS-03',
    level: 'MUST',
    area: 'access',
    source: '§5 rule 7; §1 (GET /company/list/ confirms scope)',
    quotes: [
      "Reads and writes are limited to resources the credential's account may access.",
      'A client should first read a list endpoint to confirm authentication and scope: GET /company/list/ returns data.companies.',
    ],
    text: "The outsider's company list does not hold the member's company, each company's id found as every check finds ids (id, company_id); a list whose companies show no id is not verified.",
    writes: false,
    since: 'unreleased',
  },
  {
    id: 'ACCESS-04',
    level: 'MUST',
    area: 'access',
    source: '§5 rule 8',
    quotes: ['GET /member/me/ identifies the account that owns a credential.'],
    text: "GET /member/me/ names the account that owns the credential: the outsider's credential names the outsider, not the member.",
    writes: false,
  },
  {
    id: 'ACCESS-05',
    level: 'SHOULD',
    area: 'access',
    source: '§1 (read a list endpoint first to confirm scope); the target profile',
    text: "The member's company list holds the profile's companyId (as id or company_id).",
    writes: false,
    since: 'unreleased',
  },
  {
    id: 'ACCESS-06',
    level: 'MUST',
    area: 'access',
    source: '§4 (every QA endpoint takes company_id and board_id); §5 rule 7; §7 (404)',
    quotes: [
      'Every QA endpoint takes company_id and board_id as query parameters.',
      "Reads and writes are limited to resources the credential's account may access.",
      '404 | an identifier is wrong or out of scope, or the object is missing',
    ],
    text: "A scenario, case, case report or session addressed under a board it does not belong to is not reached, read or write: an id in the query gets 403 or 404 and no data, an id in the body or a list filter any 4xx or an empty list, and the object stays unchanged; tried under the member's other board (the profile's boardWithoutTodoColumnId, which the member can reach) and under the outsider's own board (from the outsider's company list).",
    writes: true,
  },

  // Envelope and errors.
  {
    id: 'ENV-01',
    level: 'MUST',
    area: 'envelope',
    source: '§1 (success envelope)',
    quotes: [
      'Success envelope: JSON object with status (string, value success on success) and data (object).',
      'Some operations, such as deletion, may return no data object.',
    ],
    text: 'Every 2xx answer with a body is a JSON object with status "success" and, when present, an object in data; a 204 answer with no body at all passes, since a deletion "may return no data object" and 204 No Content is how HTTP returns nothing. Only the answers of the API\'s operations are judged.',
    writes: false,
    overExchanges: true,
    since: 'unreleased',
  },
  {
    id: 'ENV-02',
    level: 'MUST',
    area: 'envelope',
    source: '§7 rules 1 and 3',
    quotes: ['An error payload is returned on failure.'],
    text: 'Every 4xx or 5xx answer carries an error payload: a JSON object whose status is not "success". Only the answers of the API\'s operations are judged: a path without its trailing slash is none (CONV-02 judges its answer).',
    writes: false,
    overExchanges: true,
    since: 'unreleased',
  },
  {
    id: 'ENV-03',
    level: 'MUST',
    area: 'envelope',
    source: '§1 (collection names; reading a list first)',
    quotes: [
      'The data object holds the payload under an endpoint-specific collection name (for example companies or tasks).',
      'GET /company/list/ returns data.companies',
    ],
    text: 'GET /company/list/ holds its rows in data.companies.',
    writes: false,
  },
  {
    id: 'ENV-04',
    level: 'MUST',
    area: 'envelope',
    source: '§7 (validation failure)',
    quotes: ['validation failure | the returned error payload names fields to correct'],
    text: 'A validation failure answers a 4xx with an error payload that names the offending field, wherever the payload puts the name.',
    writes: false,
  },
  {
    id: 'ENV-05',
    level: 'SHOULD',
    area: 'envelope',
    source: 'contract (ValidationFailed: the status code is not shown)',
    text: 'A validation failure answers exactly 400.',
    writes: false,
  },
  {
    id: 'ENV-06',
    level: 'MUST',
    area: 'envelope',
    source: '§7 (404)',
    quotes: ['404 | an identifier is wrong or out of scope, or the object is missing'],
    text: 'An identifier of a missing object answers 404.',
    writes: false,
  },
  {
    id: 'ENV-07',
    level: 'SHOULD',
    area: 'envelope',
    source: 'best practice (bad input gets a 4xx, never a 5xx)',
    text: 'No request of the run answers a 5xx.',
    writes: false,
    overExchanges: true,
  },
  {
    id: 'ENV-08',
    level: 'SHOULD',
    area: 'envelope',
    source: 'contract (TaskListEnvelope: the source gives tasks only as an example of a collection name)',
    text: 'GET /task/list/ holds its rows in data.tasks.',
    writes: false,
  },
  {
    id: 'ENV-09',
    level: 'SHOULD',
    area: 'envelope',
    source: 'contract (state conflicts: 409; the source gives no status for them)',
    text: 'A state conflict answers 409 with an error payload naming the field: a taken username or email on registration, a session start on a board without a todo-kind column (board_id), and an outcome on a finished session (case_report_id).',
    writes: true,
  },

  // Request conventions of §1.
  {
    id: 'CONV-01',
    level: 'MUST',
    area: 'conventions',
    source: '§1 (paths keep a trailing slash)',
    quotes: ['Paths keep a trailing slash.'],
    text: 'Operations answer at their paths with the trailing slash.',
    writes: false,
  },
  {
    id: 'CONV-02',
    level: 'SHOULD',
    area: 'conventions',
    source: '§1 (paths keep a trailing slash; the answer without it is not shown)',
    text: 'A path without its trailing slash answers 404 or a redirect to the path with it, never the data.',
    writes: false,
  },
  {
    id: 'CONV-03',
    level: 'SHOULD',
    area: 'conventions',
    source: '§1 (JSON envelope; the response Content-Type is not shown)',
    text: "Every answer with a body has a JSON Content-Type. Only the answers of the API's operations are judged, and no redirect's body.",
    writes: false,
    overExchanges: true,
    since: 'unreleased',
  },
  {
    id: 'CONV-04',
    level: 'SHOULD',
    area: 'conventions',
    source: '§1 (JSON bodies use Content-Type: application/json)',
    text: 'A JSON body sent with a non-JSON Content-Type is rejected with a 4xx error payload.',
    writes: false,
  },

  // Lists.
  {
    id: 'LIST-01',
    level: 'MUST',
    area: 'lists',
    source: '§8 (pagination)',
    quotes: [
      'list endpoints accept page and limit; one response may not hold every row, so clients page through results',
    ],
    text: 'A list page never holds more rows than limit.',
    writes: false,
  },
  {
    id: 'LIST-02',
    level: 'MUST',
    area: 'lists',
    source: '§8 (pagination: clients page through results)',
    quotes: [
      'list endpoints accept page and limit; one response may not hold every row, so clients page through results',
    ],
    text: 'Paging with page and limit walks every row exactly once: no duplicates, none missing.',
    writes: false,
  },
  {
    id: 'LIST-03',
    level: 'MUST',
    area: 'lists',
    source: '§1; §8 (q accepted where listed)',
    quotes: [
      'List endpoints support page, limit and q where the endpoint lists them.',
      'company_id, board_id, optional parent_id, page, limit, q',
      'company_id, board_id, is_active, optional page, limit, q',
    ],
    text: 'q is accepted by the scenario and session lists.',
    writes: false,
  },
  {
    id: 'LIST-04',
    level: 'SHOULD',
    area: 'lists',
    source: 'contract (Q: a case-insensitive substring match on the title)',
    text: 'q keeps only the rows whose title contains it, ignoring case.',
    writes: false,
  },
  {
    id: 'LIST-05',
    level: 'MUST',
    area: 'lists',
    source: '§1 (array filters are repeated keys); §4 (GET /task/list/)',
    quotes: [
      'Array filters are sent as repeated keys (<name>=<v1>&<name>=<v2>).',
      'GET /task/list/ (query company_id, board_id, page, limit, repeated assignee_ids)',
    ],
    text: 'GET /task/list/ accepts repeated assignee_ids keys.',
    writes: false,
  },
  {
    id: 'LIST-06',
    level: 'MUST',
    area: 'lists',
    source: '§4 (every QA endpoint takes company_id and board_id); §7 (validation failure)',
    quotes: [
      'Every QA endpoint takes company_id and board_id as query parameters.',
      'the returned error payload names fields to correct',
    ],
    text: 'A QA operation without company_id or board_id is rejected with a 4xx error payload that names the missing parameter.',
    writes: false,
  },
  {
    id: 'LIST-07',
    level: 'SHOULD',
    area: 'lists',
    source: 'contract (listTasks: the source names its query fields without saying which are required)',
    text: 'GET /task/list/ without company_id or board_id is rejected with a 4xx error payload that names the missing parameter.',
    writes: false,
  },
  {
    id: 'LIST-08',
    level: 'MUST',
    area: 'lists',
    source: '§1; §8 (Search: q accepted where listed)',
    quotes: [
      'List endpoints support page, limit and q where the endpoint lists them.',
      'Search | q accepted where listed',
    ],
    text: 'q searches: on the scenario and session lists a q that appears in no row returns no rows, and on the scenario list (whose rows carry a title) a q equal to a scenario title finds that scenario.',
    writes: true,
  },

  // QA scenarios, cases, sessions and outcomes.
  {
    id: 'QA-01',
    level: 'MUST',
    area: 'qa',
    source: '§4 (QA scenarios); §7 (404)',
    quotes: [
      'create scenario',
      'read scenario',
      'rename or reposition',
      'delete the scenario and dependent QA data',
      '404 | an identifier is wrong or out of scope, or the object is missing',
    ],
    text: 'A scenario can be created, read back, renamed and deleted; after deletion it reads 404.',
    writes: true,
  },
  {
    id: 'QA-02',
    level: 'MUST',
    area: 'qa',
    source: '§2 (parent_id builds the hierarchy)',
    quotes: ['numeric id of parent scenario or null; builds the hierarchy'],
    text: 'A scenario created with a parent_id reads back with that parent_id.',
    writes: true,
  },
  {
    id: 'QA-03',
    level: 'SHOULD',
    area: 'qa',
    source: '§4 (optional parent_id on the list; its meaning is not spelled out)',
    text: 'The parent_id filter lists exactly the direct children of that scenario.',
    writes: true,
  },
  {
    id: 'QA-04',
    level: 'MUST',
    area: 'qa',
    source: '§4 (QA test cases); §7 (404)',
    quotes: [
      'create case',
      'read case',
      'update instructions',
      'delete case',
      '404 | an identifier is wrong or out of scope, or the object is missing',
    ],
    text: 'A test case can be created under a scenario, read back, updated and deleted; after deletion it reads 404.',
    writes: true,
  },
  {
    id: 'QA-05',
    level: 'MUST',
    area: 'qa',
    source: '§2 (scenario_id is the list filter); §4',
    quotes: ['scenario_id | the same relation, used as list filter'],
    text: "Listing cases by scenario_id returns that scenario's cases and no others.",
    writes: true,
  },
  {
    id: 'QA-06',
    level: 'MUST',
    area: 'qa',
    source: '§4 (delete the scenario and dependent QA data)',
    quotes: ['delete the scenario and dependent QA data'],
    text: 'Deleting a scenario removes its cases.',
    writes: true,
  },
  {
    id: 'QA-07',
    level: 'SHOULD',
    area: 'qa',
    source:
      'contract (deleteScenario: dependent QA data are the descendants and their sessions; the source does not list it)',
    text: 'Deleting a scenario removes its descendant scenarios from their reads and from the scenario list, and the sessions started for it from the session lists.',
    writes: true,
  },
  {
    id: 'QA-08',
    level: 'MUST',
    area: 'qa',
    source: '§2 (QA session); §3 (session start)',
    quotes: ["case reports created for the scenario's cases and descendants", 'case report | pending | PATCH'],
    text: 'Starting a session creates a session with one pending case report per case of the scenario and of its descendants.',
    writes: true,
  },
  {
    id: 'QA-09',
    level: 'MUST',
    area: 'qa',
    source: '§2 (each session carries a case_reports array); §4 (GET /features/qa/sessions/)',
    quotes: ['Each session carries a case_reports array of existing case reports.'],
    text: 'A started session is listed by GET /features/qa/sessions/, under is_active true or false, with its case_reports array.',
    writes: true,
  },
  {
    id: 'QA-10',
    level: 'MUST',
    area: 'qa',
    source: '§3 (case report pending → done)',
    quotes: ['pending | PATCH /features/qa/sessions/cases/ with status done | case_report_id given | done'],
    text: 'A done outcome moves a pending case report to done.',
    writes: true,
  },
  {
    id: 'QA-11',
    level: 'MUST',
    area: 'qa',
    source: '§3 (case report pending → bug)',
    quotes: [
      'pending | PATCH /features/qa/sessions/cases/ with status bug, actual_result, severity, priority | all four supplied | bug',
    ],
    text: 'A bug outcome with actual_result, severity and priority moves the case report to bug.',
    writes: true,
  },
  {
    id: 'QA-12',
    level: 'MUST',
    area: 'qa',
    source: '§3 (bug: all four supplied); §7 (validation failure)',
    quotes: ['all four supplied', 'the returned error payload names fields to correct'],
    text: 'A bug outcome missing any one of actual_result, severity or priority is rejected with a 4xx naming the missing field, and the report keeps its status.',
    writes: true,
  },
  {
    id: 'QA-13',
    level: 'MUST',
    area: 'qa',
    source: '§2 (status is one of pending, done, bug); §7',
    quotes: ['one of pending, done, bug'],
    text: 'A status other than pending, done or bug is rejected with a 4xx naming status.',
    writes: true,
  },
  {
    id: 'QA-14',
    level: 'MUST',
    area: 'qa',
    source: '§3 rule 3',
    quotes: ['Case-report status pending is a valid value.'],
    text: 'pending is accepted as a case-report status.',
    writes: true,
  },
  {
    id: 'QA-15',
    level: 'MUST',
    area: 'qa',
    source: '§2 (a bug creates or updates a linked task); §3',
    quotes: ['A case report with status bug creates or updates a linked task.'],
    text: "A report's first bug outcome creates one linked task on the board, listed by GET /task/list/.",
    writes: true,
  },
  {
    id: 'QA-16',
    level: 'MUST',
    area: 'qa',
    source: '§2; §3 (creates or updates the linked task)',
    quotes: ['A case report with status bug creates or updates a linked task.'],
    text: 'A second bug outcome on the same report updates the linked task rather than creating another.',
    writes: true,
  },
  {
    id: 'QA-17',
    level: 'MUST',
    area: 'qa',
    source: '§3 (session active → finished); §3 rule 1',
    quotes: [
      'active | PATCH /features/qa/sessions/finish/ with sessions_id | all cases reviewed (guidance) | finished',
      'A bug outcome counts as reviewed.',
    ],
    text: 'A session whose reports are all done or bug can be finished.',
    writes: true,
  },
  {
    id: 'QA-18',
    level: 'MUST',
    area: 'qa',
    source: '§3 rule 2',
    quotes: ['Finishing a session does not resolve the linked defect.'],
    text: 'Finishing a session leaves its linked task listed and unchanged, timestamps aside.',
    writes: true,
  },
  {
    id: 'QA-19',
    level: 'MUST',
    area: 'qa',
    source: '§3 (session start condition); §8',
    quotes: [
      'the board has a column of the todo workflow kind',
      'QA session start | needs a board column of the todo workflow kind',
    ],
    text: 'Starting a session on a board without a todo-kind column is rejected with a 4xx and creates no session.',
    writes: true,
  },
  {
    id: 'QA-20',
    level: 'MUST',
    since: 'unreleased',
    area: 'qa',
    source: '§3 (the session rows of the state table), §2 (sessions filtered by is_active)',
    quotes: [
      "session | (none) | POST /features/qa/sessions/start/ | scenario_id given; the board has a column of the todo workflow kind | active | case reports created for the scenario's cases and descendants",
      'session | active | PATCH /features/qa/sessions/finish/ with sessions_id | all cases reviewed (guidance) | finished | finished sessions are read-only in the web frontend; API validation stays authoritative for writes',
      'Sessions are filtered by is_active (boolean), page, limit, q.',
    ],
    text: 'is_active=true lists a started session and not a finished one, and is_active=false lists a finished session and not an active one.',
    writes: true,
  },
  {
    id: 'QA-21',
    level: 'MUST',
    area: 'qa',
    source: '§4 (delete the scenario and dependent QA data; delete case); §7 (404)',
    quotes: [
      'delete the scenario and dependent QA data',
      'delete case',
      '404 | an identifier is wrong or out of scope, or the object is missing',
    ],
    text: "Deletion is complete: a deleted scenario is gone from the scenario list as well as from its read, a deleted case from its scenario's case list, and a deleted scenario's cases from their reads and their case list.",
    writes: true,
  },
  {
    id: 'QA-22',
    level: 'MUST',
    area: 'qa',
    source: '§4 (list, create and read scenarios and cases); §2 (their fields)',
    quotes: ['list scenarios', 'create scenario', 'read scenario', 'list cases', 'create case', 'read case'],
    text: "Every created scenario and case can be read back and appears in its list (the board's scenarios, the scenario's cases), with the fields it was created with.",
    writes: true,
  },

  // Generated requests: every operation, from its parameter and body schemas (conformance/cases/).
  {
    id: 'GEN-01',
    level: 'MUST',
    since: 'unreleased',
    area: 'generated',
    source: '§7 (validation failure)',
    quotes: ['validation failure | the returned error payload names fields to correct; status code not shown'],
    text: 'A generated request that breaks its schema in exactly one place, made from a valid request the target has just accepted, and is refused for it (any answer but a 2xx, 401, 403, 404 or 409, a 5xx included) carries an error payload that names the broken field; a refusal naming another field, a state or a page is not verified.',
    writes: false,
  },
  {
    id: 'GEN-02',
    level: 'SHOULD',
    area: 'generated',
    source:
      'contract (ValidationFailed: 400 naming errors[].field; required members, types, limits, enums and refused unknown members are its decisions where the source shows none)',
    text: 'A generated request broken in exactly one place (a required field left out, a wrong type, a value out of bounds, an unknown member where refused, a value outside an enum), made from a valid request the target has just accepted, answers 400 and names the field in errors[].field.',
    writes: false,
  },
  {
    id: 'GEN-03',
    level: 'SHOULD',
    area: 'generated',
    source: 'contract (request schemas: every value they allow is accepted)',
    text: 'A generated request valid under openapi.yaml, placed on objects the run made, answers a 2xx or a state refusal (409; 404 only for an object the run could not provide), never a 400 naming a valid field.',
    writes: false,
  },
  {
    id: 'GEN-04',
    level: 'SHOULD',
    area: 'generated',
    source: 'best practice, as ENV-07 (the source shows no rule about server errors)',
    text: 'No generated request, valid or broken, answers a 5xx.',
    writes: false,
  },

  // Every response of the run against openapi.yaml.
  {
    id: 'CONTRACT-01',
    level: 'SHOULD',
    area: 'contract',
    source: 'contract (response schemas; shapes the source does not show are assumptions)',
    text: 'Every response body matches the schema openapi.yaml declares for its operation and status, checked by ajv.',
    writes: false,
    overExchanges: true,
  },
  {
    id: 'CONTRACT-02',
    level: 'SHOULD',
    area: 'contract',
    source: 'contract (declared success statuses: 201 for a creation, 200 otherwise)',
    text: 'Every 2xx status is one its operation declares explicitly in openapi.yaml.',
    writes: false,
    overExchanges: true,
  },
];

const byId = new Map(RULES.map((r) => [r.id, r]));

/** The rule with this ID; throws for an unknown ID so that a typo in a check name cannot pass unnoticed. */
export function ruleById(id: string): Rule {
  const rule = byId.get(id);
  if (!rule) throw new Error(`Unknown conformance rule ${id}`);
  return rule;
}

/** The rule ID a check's name starts with, e.g. `AUTH-03` for "AUTH-03 a JWT under Bearer gets 401". */
export function ruleIdOf(testName: string): string | undefined {
  const id = /^([A-Z]+-\d{2})\b/.exec(testName)?.[1];
  return id && byId.has(id) ? id : undefined;
}

/**
 * Resolves `--only` items (rule IDs like `AUTH-03`, areas like `auth`, or ID prefixes like `AUTH`) to rule IDs.
 * Returns the unknown items separately so the CLI can name them.
 */
export function selectRules(items: readonly string[]): { selected: Set<string>; unknown: string[] } {
  const selected = new Set<string>();
  const unknown: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    if (!item) continue;
    const upper = item.toUpperCase();
    const area = AREAS.find((a) => a.area === item.toLowerCase() || a.prefix === upper);
    if (area) {
      for (const r of RULES) if (r.area === area.area) selected.add(r.id);
    } else if (byId.has(upper)) {
      selected.add(upper);
    } else {
      unknown.push(item);
    }
  }
  return { selected, unknown };
}
