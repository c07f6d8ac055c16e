#!/usr/bin/env node
// The package bin `task-conformance`: registers tsx's loader, then runs the TypeScript CLI (conformance/cli/main.ts).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./cli/main.ts');
await runCli();
