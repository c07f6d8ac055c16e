// The contract's history for readers (docs/changes.md): the Changes page, built from the released contracts and the
// working one, and the release from which each assumption holds as written (the assumptions page).
import { findAssumptions } from '../assumptions.js';
import { MAX_ALIASES, MAX_CONTRACT_BYTES, MAX_CONTRACT_DEPTH } from '../resolved.js';
import { changesAsMarkdown } from './changelog.js';
import { CHANGE_KINDS, compareContracts, MAX_SCHEMA_DEPTH } from './compare.js';
import { CONTRACT_FILE, contractFileOf, type LoadedContract, RELEASES_DIR, readForDiff, releases } from './releases.js';

/** Where the history is read from: the kit's own release folder and working contract unless told otherwise. */
export interface HistoryFiles {
  releasesDir?: string;
  contractFile?: string;
}

/** Every released contract, oldest first, with its version. */
function released(dir: string): { version: string; contract: LoadedContract }[] {
  return releases(dir).map((version) => ({ version, contract: readForDiff(contractFileOf(version, dir)) }));
}

/**
 * For the assumptions page: the oldest release from which an assumption holds with this text at this pointer in
 * every later release, or "unreleased" when the last release does not hold it so.
 */
export function assumptionSince({
  releasesDir = RELEASES_DIR,
}: HistoryFiles = {}): (pointer: string, text: string) => string {
  const history = released(releasesDir).map(({ version, contract }) => ({
    version,
    held: new Map(findAssumptions(contract.raw).map((a) => [a.pointer, a.text])),
  }));
  return (pointer, text) => {
    let since = 'unreleased';
    for (let i = history.length - 1; i >= 0; i--) {
      const release = history[i];
      if (!release || release.held.get(pointer) !== text) break;
      since = release.version;
    }
    return since;
  };
}

const INTRO = `# Changes

<!-- Generated from contract/releases/ and openapi.yaml by \`npm run generate\`. Do not edit by hand. -->

Every released contract is kept in the repository (\`contract/releases/<version>.yaml\`), and this page lists what
changed from one to the next, operation by operation; a change inside a schema the contract names
(\`#/components/schemas/…\`) is listed once, under that schema, with the operations that use it. Each change is
classified for the people it can break:

- **breaking for clients**: code written against the older contract may fail (a removed response field, a new
  required request field, a new enum value in an answer that exhaustive client code does not handle);
- **breaking for servers**: an implementation that passed the conformance suite may now fail it (a new required
  response field it must send, a new optional request field it must accept, a new operation);
- **compatible**: neither (a new optional response field, a new error status read through the error envelope, a
  reworded assumption).

\`npm run contract:diff\` prints the same list for the working contract (\`--json\` and \`--markdown\` too; any two
versions or files: \`npm run contract:diff -- 0.1.0 path/to/other.yaml\`; openapi.yaml at any git revision:
\`npm run contract:diff -- --base main\`). \`npm test\` runs the gate (\`npm run contract:gate\`) right after lint and
before the type check: it fails on a breaking change unless the package version is raised (its minor while 0.x) or
the change is approved in \`contract/approved-changes.yaml\` with a reason, and the message says which of the two to
do. \`npm test\` also sends the requests the last released contract allows to the current sandbox and checks its
answers against that contract's schemas.

The diff compares each pair of named schemas once, so its time and memory grow with the size of the two files, not
with how often a schema is named. It refuses, with exit 2 naming the file and the limit: a file over
${MAX_CONTRACT_BYTES / 1024 / 1024} MiB, nesting deeper than ${MAX_CONTRACT_DEPTH} levels, more than ${MAX_ALIASES} YAML aliases, schemas nested (inline or
through \`$ref\`s) deeper than ${MAX_SCHEMA_DEPTH} levels, and a \`$ref\` that is not local, names nothing, or leads back to
itself through \`$ref\`s alone.

## Changing the contract

1. Edit \`openapi.yaml\`; its \`info.version\` is always \`package.json\`'s \`version\` (the gate fails, naming both, when
   they differ).
2. \`npm run lint\`. An invalid contract stops \`npm run generate\`, \`npm run docs\` and \`npm start\` with one message
   naming the file and the place.
3. \`npm run contract:diff\` (since the last release), \`npm run contract:diff -- --base <git revision>\` (since a
   commit, branch or tag), \`npm run contract:gate\` (the breaks alone and the verdict). A breaking change needs the
   version raised in \`package.json\` and \`info.version\` (the minor while 0.x, the major after) or an approval with a
   reason in \`contract/approved-changes.yaml\`; a compatible change needs neither.
4. \`npm run generate\`, then fix what \`npm run typecheck\` finds.
5. \`npm run test:contract\` (the gate and \`test/contract/\`), then \`npm test\`.
6. Release it (below).

## Releasing a change

A release is the contract users were given: copy \`openapi.yaml\` to \`contract/releases/<version>.yaml\` (the version in
\`package.json\` and \`info.version\`) in the commit that publishes that version (\`npm run release\`), never before:
the gate compares with the last file there, so an early copy would hide the changes still to be reviewed. Then run
\`npm run generate\`: this page moves the changes from "Unreleased" under the new version. A compatible change needs no
version of its own to pass the gate; give it one (the patch, 0.1.1) when you publish it, so that its release file has
a name. Releases are ordered by semver, never as text: 0.10.0 comes after 0.9.0, and a pre-release (1.0.0-rc.1)
before its release; "the last release" is the last in that order. Approvals in \`contract/approved-changes.yaml\` name changes since the last release: once released, they may
be removed.`;

const PEERS = `## Peer tools tried on the contract

| tool | what it says of openapi.yaml | what remains, and why |
|---|---|---|
| \`@apidevtools/swagger-parser\` 13.1.0 \`validate\` | valid (\`test/contract/swagger-parser.test.ts\`) | nothing. Release 0.1.0 failed it: its OpenAPI 3.1 schema refuses a server variable with a \`description\` ("must NOT have unevaluated properties"); the deployment server's description says what the variable's did |
| orval 7.13.2 (the newest for Node 20) | generates a client with no warning | nothing; it runs swagger-parser first and warned on release 0.1.0 as above |
| oasdiff-style diff tools on npm | not used | \`openapi-diff\` 0.24 refuses OpenAPI 3.1 ("Swagger Parser only supports versions 3.0.0 … 3.0.3"); \`@pb33f/openapi-changes\` downloads its binary at install and fails offline; \`@useoptic/optic\` 1.0.9 refused the object link request bodies of release 0.1.0. The classifier here is our own, over the contract as written |
| Specmatic 2.55.1 (\`java -jar specmatic.jar test\`) | loads it with 15 warnings (release 0.1.0: 120, five link request bodies "not of type string" and six examples it could not load) | 9 request examples of operations with required query parameters (\`root\`, \`child\`, \`rename\` twice, \`reposition\`, \`deactivate\`, \`done\`, \`bug\`, \`pending\`) have no answer example of the same name: Specmatic pairs examples by name and then refuses the contract unless every required query parameter has an example of that name too, so pairing them would give the shared \`company_id\`, \`board_id\` and id parameters one named copy of the same example per request example, which says nothing. 6 answer examples of the 400s of login, registration and refresh (\`authorizationHeader\` three times, \`invalidCaptchaToken\`, \`invalidEmail\`, \`invalidRefreshToken\`) have no request example of the same name: each 400 offers two named cases to pick from (\`Prefer: example=\`), and a request example for them would have to carry an \`Authorization\` header (an example cannot) or break its schema (an example must not). What was removed: link request bodies are JSON text with embedded runtime expressions; an error answer with one example gives it unnamed (\`example\`); success examples of operations without query parameters are named after their request examples, and registration's two 409 examples after request examples that provoke them. Its test run against the sandbox fails most generated cases with 404 (it fills ids with random numbers, which name nothing in a stateful API) and its npm command exits 0 whatever failed; \`java -jar\` exits 1. Its \`compare\` reads the \`apiKey\` scheme on \`Authorization\` as needing a \`Bearer\` prefix and reports two identical copies of the contract as incompatible. \`test/contract/named-examples.test.ts\` keeps named examples paired |
| Spectral 6 with \`@stoplight/spectral-owasp-ruleset\` 2.0.1 | API4 rate-limit findings 83 (release 0.1.0: 98) | 28 "missing 429" on the operations that never answer 429 (reads, deletions, refresh, finishing a session: declaring it there would be false), and 55 "RateLimit headers" on 2xx and 4xx answers: no server of the kit sends \`RateLimit\` headers, and the source shows no limits to state |
| Redocly CLI, Spectral \`spectral:oas\`, Prism | lint clean (\`npm run lint\`); Prism mocks it (docs/mock.md) | Spectral's trailing-slash rule is off: the API keeps trailing slashes (source §1) |`;

/** The Changes page. */
export function renderChangesPage({
  releasesDir = RELEASES_DIR,
  contractFile = CONTRACT_FILE,
}: HistoryFiles = {}): string {
  const history = released(releasesDir);
  const sections: string[] = [];
  const last = history.at(-1);
  if (last) {
    const working = readForDiff(contractFile);
    sections.push(
      `## Unreleased (openapi.yaml since ${last.version})`,
      '',
      ...changesAsMarkdown(compareContracts(last.contract, working)),
    );
  }
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    const previous = history[i - 1];
    if (!entry) continue;
    if (!previous) {
      sections.push(`## ${entry.version}`, '', 'The first released contract.', '');
      continue;
    }
    sections.push(
      `## ${entry.version} (since ${previous.version})`,
      '',
      ...changesAsMarkdown(compareContracts(previous.contract, entry.contract)),
    );
  }
  const kinds = Object.entries(CHANGE_KINDS).map(([kind, what]) => `| \`${kind}\` | ${what} |`);
  return `${[
    INTRO,
    '',
    ...sections,
    '## Kinds of change the diff knows',
    '',
    'A schema change is classified by where the schema stands: in a request, accepting less breaks clients and',
    'accepting more breaks servers; in an answer, allowing more breaks clients and requiring more breaks servers. An',
    'absent schema (array `items` not given, say) accepts anything: one that appears is compared with `{}` and narrows.',
    '',
    '| kind | meaning |',
    '|---|---|',
    ...kinds,
    '',
    PEERS,
  ].join('\n')}\n`;
}
