/**
 * Loaded before every test file by scripts/run-tests.mjs (`--import`): hooks (`before`, `after`,
 * `beforeEach`, `afterEach`) get HOOK_TIMEOUT_MS unless they name their own `timeout`.
 * Tests themselves keep the runner's 30 s (`--test-timeout`), so a hanging test shows quickly;
 * hooks start and stop what a whole file shares (servers, databases, browsers, built assets),
 * which on a loaded machine can take longer than any one test, and Node's runner has no separate
 * setting for them.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

export const HOOK_TIMEOUT_MS = 180_000;

type Hook = (fn: unknown, options?: { timeout?: number }) => void;
const test = createRequire(import.meta.url)('node:test') as Record<string, Hook>;
for (const name of ['before', 'after', 'beforeEach', 'afterEach']) {
  const hook = test[name];
  test[name] = (fn, options) => hook(fn, { timeout: HOOK_TIMEOUT_MS, ...options });
}
// Makes `import { before } from 'node:test'` see the wrapped functions too.
syncBuiltinESMExports();
