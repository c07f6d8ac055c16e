// npm run contract:diff [-- [OLD [NEW]] [--base REV] [--gate] [--json | --markdown]] and npm run contract:gate
// (docs/changes.md, "Changing the contract"): runs the contract diff's command
// (contract/evolution/diff-command.ts) over the arguments, prints its output and exits with its code.
import { contractDiff } from '../contract/evolution/diff-command.js';

const { code, out, err } = contractDiff(process.argv.slice(2));
process.stdout.write(out);
process.stderr.write(err);
process.exitCode = code;
