// The Postman collection's run (README "Publishing the docs"): the order of its requests, from an account with no
// data of its own, and each step's choices the contract cannot make for a run (credential, example, body fields,
// scripts).

/** One request of the run: an operation of the contract and the choices the contract cannot make for a run. */
export interface Step {
  operationId: string;
  /** The security scheme whose credential is sent; default `JwtAccessToken`. Must be one the operation accepts. */
  credential?: string;
  /** The request-body example sent (by its name in the contract); default the first. */
  example?: string;
  /** Body fields sent as this JSON text instead of the example's value; it may hold `{{variables}}`. */
  body?: Record<string, string>;
  /** A pre-request script and the request-local variables it sets. */
  prerequest?: { exec: string[]; sets: string[] };
  /** Script lines that set `chosen[name]`: a value taken before the link's (which stays the fallback). */
  choose?: string[];
  /** Test lines beyond status and envelope; they run before the answer's values are handed on. */
  tests?: string[];
}

/** A folder of the collection: steps that run one after the other. */
export interface Phase {
  name: string;
  description: string;
  steps: Step[];
}

/**
 * The run, in order: log in, find a board, create what later requests use, use it, clean up. Every operation of the
 * contract appears exactly once; the build fails otherwise, and when a request uses a variable no earlier step sets.
 */
export const RUN_ORDER: Phase[] = [
  {
    name: 'Log in',
    description:
      'Logs in with the collection variables `username`, `password` and `captcha_token` (the sandbox demo account by default), rotates the token pair and stores the new one, registers a new account with a username unique to the run, and reads the account.',
    steps: [
      { operationId: 'login' },
      {
        operationId: 'refreshToken',
        tests: [
          "pm.test('the pair is rotated: the refresh token differs from the one sent', () => pm.expect(body.data.refresh_token).to.not.eql(pm.collectionVariables.get('refresh_token')));",
        ],
      },
      {
        operationId: 'register',
        prerequest: {
          exec: [
            '// A username and e-mail address no earlier run has taken.',
            "pm.variables.set('run_id', Date.now().toString(36) + Math.random().toString(36).slice(2, 8));",
          ],
          sets: ['run_id'],
        },
        body: { username: '"postman-{{run_id}}"', email: '"postman-{{run_id}}@example.com"' },
      },
      { operationId: 'getMe' },
    ],
  },
  {
    name: 'Workspace and named API token',
    description:
      'Reads the company list for `company_id` and `board_id` (a board with a column of the todo kind, which a review session needs), creates a named API token that expires in an hour, and lists the tokens with it (`Authorization: Bearer`).',
    steps: [
      {
        operationId: 'listCompanies',
        choose: [
          '// A review session needs a board with a column of the todo kind (startSession): prefer such a board.',
          'const todoBoard = ((body && body.data && body.data.companies) || [])',
          '  .flatMap((company) => (company.boards || []).map((board) => ({ company, board })))',
          "  .find(({ board }) => (board.columns || []).some((column) => column.kind === 'todo'));",
          'if (todoBoard) Object.assign(chosen, { company_id: todoBoard.company.id, board_id: todoBoard.board.id });',
        ],
      },
      {
        operationId: 'createApiToken',
        prerequest: {
          exec: [
            '// The token outlives the run by an hour at most, even if the clean-up never runs.',
            "pm.variables.set('expires_at', new Date(Date.now() + 60 * 60 * 1000).toISOString());",
          ],
          sets: ['expires_at'],
        },
        body: { title: '"postman-run"', expires_at: '"{{expires_at}}"' },
      },
      { operationId: 'listApiTokens', credential: 'ApiToken' },
    ],
  },
  {
    name: 'QA flow',
    description:
      'Creates a scenario and a test case in it, starts a review session, records the case as done, finishes the session and lists the board tasks.',
    steps: [
      { operationId: 'createScenario' },
      { operationId: 'listScenarios', credential: 'ApiToken' },
      { operationId: 'getScenario' },
      { operationId: 'updateScenario' },
      { operationId: 'createCase' },
      { operationId: 'listCases' },
      { operationId: 'getCase' },
      { operationId: 'updateCase' },
      { operationId: 'startSession' },
      { operationId: 'listSessions', credential: 'ApiToken' },
      // `done`, not `bug`: a bug creates a linked task, which stays on the board (no operation deletes a task).
      { operationId: 'recordCaseOutcome', example: 'done' },
      { operationId: 'finishSession' },
      { operationId: 'listTasks', credential: 'ApiToken' },
    ],
  },
  {
    name: 'Clean up',
    description:
      'Deletes what the run created: the case, the scenario (with its sessions and reports), and the named token, first deactivated. The registered account stays: the contract has no operation that deletes an account.',
    steps: [
      { operationId: 'deleteCase' },
      { operationId: 'deleteScenario' },
      { operationId: 'updateApiToken', example: 'deactivate' },
      { operationId: 'deleteApiToken' },
    ],
  },
];
