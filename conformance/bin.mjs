#!/usr/bin/env node
// The package bin `task-conformance`: registers tsx's loader, then runs the TypeScript CLI (conformance/cli.ts).
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./cli.ts');
await runCli();
