import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildProgram } from '../../src/cli/index.ts';
import { loadConfig } from '../../src/config.ts';
import { createProjectWithTokens } from '../../src/core/projects.ts';
import { createHttpApp, createRuntime, type Runtime } from '../../src/main.ts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseTarget } from '../../src/store/database.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { fontFixture, fontFixturePath } from '../fixtures/fonts/font-fixtures.ts';

/** DATABASE_URL for a test database; a PostgreSQL schema travels as the search_path option. */
function databaseUrl(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `sqlite:${target.file}`;
  if (!target.schema) return target.url;
  const sep = target.url.includes('?') ? '&' : '?';
  return `${target.url}${sep}options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
}

/** Runs `imprint <args>` in-process and returns what it printed. */
async function imprint(args: string[]): Promise<string> {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  try {
    await buildProgram().parseAsync(['node', 'imprint', ...args]);
  } finally {
    console.log = original;
  }
  return lines.join('\n');
}

for (const { kind, skip } of testDbKinds()) {
  describe(`imprint font CLI on ${kind}`, { skip }, () => {
    let runtime: Runtime;
    let app: FastifyInstance;
    let drop: () => Promise<void>;
    let dataDir: string;
    let accountId: string;
    let token: string;
    const savedEnv = { ...process.env };

    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-fontcli-'));
      const env = {
        IMPRINT_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(fresh.target),
        IMPRINT_PUBLIC_URL: 'http://imprint.test',
        LOG_LEVEL: 'silent',
      };
      Object.assign(process.env, env);
      runtime = await createRuntime(loadConfig(env), fresh.target);
      app = await createHttpApp(runtime, false);
      const made = await createProjectWithTokens(runtime.services.projects, 'CLI fonts');
      accountId = made.project.account_id;
      token = made.token;
    });
    after(async () => {
      process.env = savedEnv;
      await app?.close();
      await runtime?.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const api = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    it('imports a legacy font that projects see with include_legacy', async () => {
      const out = await imprint([
        'font',
        'import',
        '--account',
        accountId,
        fontFixturePath('otf'),
        '--title',
        'Brand Sans',
        '--json',
      ]);
      const font = JSON.parse(out);
      assert.equal(font.title, 'Brand Sans');
      assert.equal(font.filename, 'dejavu-sans-latin.otf');
      assert.equal(font.is_legacy, true);
      const got = await api(`/api/rest/fonts/${font.uuid}?include_legacy=1`);
      assert.equal(got.statusCode, 200);
      assert.deepEqual(got.json(), font);
      assert.equal((await api(`/api/rest/fonts/${font.uuid}`)).statusCode, 404);
      const [source] = await runtime.services.fonts.loadFontSources(
        (await runtime.services.projects.listProjects())[0].id,
        [font.uuid],
      );
      assert.ok(source.data.equals(fontFixture('otf')));
    });

    it('defaults the title to the file name and lists and removes legacy fonts', async () => {
      const text = await imprint([
        'font',
        'import',
        '--account',
        accountId,
        fontFixturePath('woff'),
      ]);
      const uuid = /legacy font ([a-z0-9]+) "dejavu-sans-latin\.woff"/.exec(text)?.[1];
      assert.ok(uuid, text);
      const listed = JSON.parse(await imprint(['font', 'list', '--account', accountId, '--json']));
      assert.ok(listed.some((f: { uuid: string }) => f.uuid === uuid));
      await imprint(['font', 'remove', '--account', accountId, uuid]);
      assert.equal((await api(`/api/rest/fonts/${uuid}?include_legacy=1`)).statusCode, 404);
      await assert.rejects(
        imprint(['font', 'remove', '--account', accountId, uuid]),
        /No legacy font/,
      );
    });

    it('takes a project id for --account: the font goes to that project’s account', async () => {
      // `project create --json` prints only the project id; that must be enough to add a font.
      const made = await createProjectWithTokens(runtime.services.projects, 'CLI by project');
      const out = await imprint([
        'font',
        'import',
        '--account',
        made.project.id,
        fontFixturePath('ttf'),
        '--title',
        'Via project',
        '--json',
      ]);
      const font = JSON.parse(out);
      assert.equal(font.is_legacy, true);
      const res = await app.inject({
        method: 'GET',
        url: `/api/rest/fonts/${font.uuid}?include_legacy=1`,
        headers: { authorization: `Bearer ${made.token}` },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().title, 'Via project');
      const listed = JSON.parse(
        await imprint(['font', 'list', '--account', made.project.id, '--json']),
      );
      assert.ok(listed.some((f: { uuid: string }) => f.uuid === font.uuid));
      await imprint(['font', 'remove', '--account', made.project.id, font.uuid]);
      assert.equal((await api(`/api/rest/fonts/${font.uuid}?include_legacy=1`)).statusCode, 404);
    });

    it('validates like the API: bad bytes, long titles and unknown accounts are refused', async () => {
      const bad = path.join(dataDir, 'not-a-font.ttf');
      fs.writeFileSync(bad, 'definitely not a font file, just text');
      await assert.rejects(
        imprint(['font', 'import', '--account', accountId, bad]),
        /ttf, otf, woff, woff2/,
      );
      await assert.rejects(
        imprint([
          'font',
          'import',
          '--account',
          accountId,
          fontFixturePath('ttf'),
          '--title',
          'x'.repeat(201),
        ]),
        /200 characters/,
      );
      await assert.rejects(
        imprint(['font', 'import', '--account', 'nope', fontFixturePath('ttf')]),
        /No account with id nope/,
      );
      await assert.rejects(
        imprint(['font', 'import', '--account', accountId, path.join(dataDir, 'missing.ttf')]),
        /Cannot read/,
      );
      const listed = JSON.parse(await imprint(['font', 'list', '--account', accountId, '--json']));
      assert.equal(listed.length, 1, 'only the font of the first test is left');
    });

    it(
      'exits non-zero with a clean message from the real command',
      { skip: kind !== 'sqlite' },
      () => {
        const bad = path.join(dataDir, 'garbage.woff2');
        fs.writeFileSync(bad, Buffer.alloc(64, 1));
        const res = runSync(
          process.execPath,
          ['bin/imprint.mjs', 'font', 'import', '--account', accountId, bad],
          { env: { ...process.env }, encoding: 'utf8', timeout: 60_000 },
        );
        assert.equal(res.status, 1, res.stderr);
        assert.match(res.stderr, /^imprint: The file must be a font file\. Allowed formats/m);
      },
    );
  });
}
