#!/usr/bin/env node
// The `task-conformance` command (docs/conformance.md): the compiled CLI, as an installed package runs it.
import { runCli } from './cli/main.js';

await runCli();
