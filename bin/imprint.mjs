#!/usr/bin/env node
// Entry point of the `imprint` command: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/index.ts');
await runCli(process.argv);
