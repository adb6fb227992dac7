/**
 * Browser tests of the editor: an in-process Imprint on a fresh database, listening on a free
 * port and serving the built editor (dist/web, `npm run build:web`), driven by Debian's
 * chromium through playwright-core. One browser per test file keeps them quick.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EDITOR_DIST } from '../../src/api/routes/editor/editor-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { freePort } from '../helpers/server-process.ts';
import { launchChromium, runCheckedSync } from '../helpers/child-processes.ts';

/** Builds the editor once when dist/web is missing or older than web/ (a test run without setup). */
export function ensureEditorBuilt(): void {
  const index = path.join(EDITOR_DIST, 'index.html');
  const newest = (dir: string): number =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .map((e) =>
        e.isDirectory()
          ? newest(path.join(dir, e.name))
          : fs.statSync(path.join(dir, e.name)).mtimeMs,
      )
      .reduce((a, b) => Math.max(a, b), 0);
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newest('web/src')) return;
  // Vite on a busy machine: minutes, not the default minute.
  runCheckedSync('npm', ['run', 'build:web'], { timeout: 600_000 });
}

export function chromiumPath(): string {
  return runCheckedSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim();
}

export interface EditorHarness {
  t: TestApp;
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts the app and a browser; the page is opened at `base` (127.0.0.1). `publicHost` names the
 * host of IMPRINT_PUBLIC_URL when it should differ from the one the editor is opened at.
 */
export async function startEditor(opts: { publicHost?: string } = {}): Promise<EditorHarness> {
  ensureEditorBuilt();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${opts.publicHost ?? '127.0.0.1'}:${port}`;
  const t = await createTestApp('sqlite', { IMPRINT_PUBLIC_URL: publicUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchChromium({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
  return {
    t,
    base,
    browser,
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/** Collects the page's Content-Security-Policy violations and uncaught errors into `problems`. */
export function collectProblems(page: Page, problems: string[]): void {
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
}

/** Signs in at the editor with the harness's project token and waits for the gallery. */
export async function signIn(h: EditorHarness, page: Page): Promise<void> {
  await page.goto(`${h.base}/editor`);
  await page.getByLabel('Project token').fill(h.t.project.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Templates' }).waitFor();
}

/** Signs in and opens the template's canvas at 100%. */
export async function openTemplate(h: EditorHarness, page: Page, uuid: string): Promise<void> {
  await signIn(h, page);
  await page.goto(`${h.base}/editor#/t/${uuid}`);
  await page.getByTestId('stage').waitFor();
  await page.getByRole('button', { name: '100%' }).click();
}

/** Creates a template through the REST API with `design` saved; resolves with its uuid. */
export async function createTemplate(
  h: EditorHarness,
  title: string,
  design: { width: number; height: number } & Record<string, unknown>,
): Promise<string> {
  const created = await h.t.request({
    method: 'POST',
    url: '/api/rest/templates',
    payload: { title, width: design.width, height: design.height },
  });
  if (created.statusCode !== 201) throw new Error(`template not created: ${created.body}`);
  const uuid = created.json().uuid as string;
  const put = await h.t.request({
    method: 'PUT',
    url: `/api/rest/templates/${uuid}/design`,
    payload: design,
  });
  if (put.statusCode !== 200) throw new Error(`design not saved: ${put.body}`);
  return uuid;
}

/**
 * Reads `read` until `done` holds of its value, at most `tries` times `every` ms apart (the
 * stored design follows the editor a moment after each change); resolves with the last value.
 */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { tries = 150, every = 100 } = {},
): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, every));
    value = await read();
  }
  return value;
}

/** Waits until `check` resolves true (as poll does); fails the test naming `what` if it never does. */
export async function until(
  check: () => Promise<boolean>,
  what: string,
  timing?: { tries?: number; every?: number },
): Promise<void> {
  if (!(await poll(check, Boolean, timing))) assert.fail(`timed out waiting for ${what}`);
}
