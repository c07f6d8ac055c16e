// Server text in the CI formats (docs/conformance.md, "What GitHub, GitLab and other CI show"): over strings fast-check
// builds from the pieces of CI commands, Markdown, HTML and control characters, no line can start a runner's command,
// GitHub's escaping round-trips, and Markdown text holds no markup; then a job summary whose every server-fed field is
// hostile renders none of it as markup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckResult, judgeRules, type RunResult } from '../../conformance/engine/result.js';
import {
  commandData,
  commandProperty,
  htmlText,
  inertText,
  markdownBlock,
  markdownText,
} from '../../conformance/report/ci-text.js';
import { githubAnnotations } from '../../conformance/report/github-annotations.js';
import { githubSummary } from '../../conformance/report/github-summary.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { RULES } from '../../conformance/rules.js';
import { checkResult } from '../support/check-result.js';
import { HOSTILE_BODY } from './faults/hostile-text.js';

const SEED = 20_261_207;
console.info(`report-ci-text: fast-check seed ${SEED}`);

/** Strings made of what could act somewhere: command starts, markup, escapes, line breaks, plain letters. */
const hostile = fc.oneof(
  fc
    .array(
      fc.constantFrom(
        ...['::', '##', '#', 'vso[', 'teamcity[', '[error]', '\n', '\r', '\r\n', '\t', ' ', '%', '0A', '25', ':', ','],
        ...['<', '>', '&', '"', "'", '`', '```', '[', ']', '(', ')', '!', '|', '*', '_', '~', '\\', '-', '.', '='],
        ...['http://', 'www.', 'javascript:', 'a', 'Z', '1', '\x1b', '\x07', '\u202e', '\u2028', '\x85'],
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);
const runs = { seed: SEED, numRuns: 2_000 };

/** GitHub's own unescaping of a command's data and properties. */
const decodeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const decodeProperty = (s: string) =>
  s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

describe('inertText', () => {
  it('leaves no line that starts a runner command and no control character but newline and tab', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const inert = inertText(text);
        // What the runners act on: GitHub's `::name` at a line's start, `##[`, Azure's `##vso[`, TeamCity's
        // `##teamcity[` anywhere (any case), GitLab's section markers. A bare `##` is no command.
        for (const line of inert.split('\n')) expect(line.trimStart()).not.toMatch(/^::/);
        expect(inert).not.toMatch(/##[a-z]*\[|section_(start|end):/i);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters it must not leave
        expect(inert).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202e]/);
      }),
      runs,
    );
  });
});

describe("GitHub's escaping", () => {
  it('keeps command data on one line and gives back the text as it was', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const data = commandData(text);
        expect(data).not.toMatch(/[\r\n]/);
        expect(decodeData(data)).toBe(text);
      }),
      runs,
    );
  });

  it('keeps a property free of : and , and gives back the text as it was', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const property = commandProperty(text);
        expect(property).not.toMatch(/[\r\n:,]/);
        expect(decodeProperty(property)).toBe(text);
      }),
      runs,
    );
  });
});

describe('Markdown', () => {
  it('writes text with every markup character escaped: none is left bare once escapes are taken out', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const md = markdownText(text);
        expect(md).not.toMatch(/[\r\n<>"']/);
        // Entities are HTML's own escapes; each backslash escapes the character after it.
        const bare = md.replace(/&(amp|lt|gt|quot|#39);/g, '').replace(/\\[\s\S]/g, '');
        expect(bare).not.toMatch(/[\\`*_{}[\]()#+\-.!|~:/=@$^?&<>]/);
      }),
      runs,
    );
  });

  it('shows the text as it was written: taking out the escapes gives it back, each line break a space', () => {
    const fromHtml = (s: string) =>
      s.replace(
        /&(amp|lt|gt|quot|#39);/g,
        (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
      );
    fc.assert(
      fc.property(hostile, (text) => {
        expect(fromHtml(htmlText(text))).toBe(text);
        expect(fromHtml(markdownText(text)).replace(/\\([\s\S])/g, '$1')).toBe(text.replace(/\r\n|\r|\n/g, ' '));
      }),
      runs,
    );
  });

  it('fences a block with more backticks than any run in it, so that no line of it closes the fence', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const block = markdownBlock(text);
        const fence = /^(`+)text\n/.exec(block)?.[1] as string;
        expect(block.endsWith(`\n${fence}`)).toBe(true);
        const inner = block.slice(fence.length + 5, -(fence.length + 1));
        expect(inner).toBe(text);
        expect(text.includes(fence)).toBe(false);
      }),
      runs,
    );
  });
});

describe('the job summary of a run whose every server-fed text is hostile', () => {
  const checks: CheckResult[] = [
    checkResult('AUTH-01', 'FAIL', HOSTILE_BODY),
    checkResult('AUTH-02', 'SKIP', HOSTILE_BODY),
    checkResult('TOKEN-07', 'FAIL', HOSTILE_BODY),
  ];
  const result = {
    baseUrl: 'http://127.0.0.1:1/api',
    marker: 'cfmarker',
    startedAt: new Date(0).toISOString(),
    wallMs: 1,
    rules: judgeRules(RULES, checks, new Set(['AUTH-01', 'AUTH-02', 'TOKEN-07'])),
    passed: 0,
    failed: 2,
    skipped: 1,
    unverified: 0,
    notApplicable: 0,
    missingOperations: [],
    coverage: { exercised: 0, declared: 0, rows: [] },
    exchanges: 0,
    problems: [HOSTILE_BODY],
    leftBehind: [{ kind: 'token', title: HOSTILE_BODY, actor: 'member', why: HOSTILE_BODY }],
  } as unknown as RunResult;
  const summary = githubSummary(result, verdictOf(result));

  it('shows it only as escaped text or inside a fence: no tag, link, image or table cell of its own', () => {
    const outside = summary.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '');
    expect(outside).toContain('window\\.\\_\\_pwned');
    expect(outside).not.toMatch(/<(script|img|a|details open)\b|\]\(|!\[|javascript:|##(vso|teamcity)?\[|^\s*::/m);
    const row = outside.split('\n').find((l) => l.startsWith('| AUTH\\-02 ')) as string;
    // Five cells: the server's `|` is escaped, its line breaks are spaces.
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(7);
    expect(summary).toMatch(/^````text$/m);
  });

  it('annotates a failed SHOULD rule as a warning, and as an error under --strict, as the verdict counts it', () => {
    const kinds = (strict: boolean) =>
      githubAnnotations(result, verdictOf(result, { strict })).map((l) => l.split('::')[1]?.split(' title=')[0]);
    expect(kinds(false)).toEqual(['error', 'warning']);
    expect(kinds(true)).toEqual(['error', 'error']);
  });
});
