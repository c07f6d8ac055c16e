// The first step of `npm run generate`, `npm run docs` and so of `npm start` (README "Changing the contract"): the
// contract is read and its `$ref`s resolved before any tool runs, so an invalid openapi.yaml stops with one message
// naming the file, the place and what is wrong, not a tool's stack trace.
import { CONTRACT_FILE } from './evolution/releases.js';
import { ContractReadError, readContractFile, resolveRefs } from './resolved.js';

/** The one message for a contract that cannot be used, or undefined when `file` reads and resolves. */
export function contractProblem(file = CONTRACT_FILE): string | undefined {
  try {
    resolveRefs(readContractFile(file), file);
    return undefined;
  } catch (error) {
    if (error instanceof ContractReadError) return error.message;
    throw error;
  }
}

/** What a command prints when a step fails: the error's message, with any tool's stack frames left out. */
export function failureMessage(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = stderr ? String(stderr) : error instanceof Error ? error.message : String(error);
  return text
    .split('\n')
    .filter((line) => !/^\s+at /.test(line) && !/^node:internal/.test(line))
    .join('\n')
    .trim();
}

/**
 * Runs `steps` as `command`: a contract that cannot be read stops it first with one message and exit 2; a step that
 * fails stops it with its message and no stack trace, exit 1.
 */
export function runOnContract(command: string, steps: () => void, file = CONTRACT_FILE): void {
  const problem = contractProblem(file);
  if (problem) {
    process.stderr.write(
      `${command}: ${problem}\n${command}: fix the contract and run it again (README "Changing the contract")\n`,
    );
    process.exit(2);
  }
  try {
    steps();
  } catch (error) {
    process.stderr.write(`${command}: ${failureMessage(error)}\n`);
    process.exit(1);
  }
}
