/**
 * Issue 11, item 1 over real HTTP: a font whose cmap makes fontkit build a 169-million-element
 * array used to end `imprint serve` (V8's fatal "invalid size", exit 133). Now the upload is a
 * 422 on `file`, `imprint font import` refuses it, and the same font stored straight into the
 * database (as a font uploaded before the fix would be) fails only its render, cleanly.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createRuntime } from '../../src/main.ts';
import { fontFixture, uploadBody } from '../fixtures/fonts/font-fixtures.ts';
import { cmapBombTtf } from '../fixtures/fonts/hostile-fonts.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

describe('hostile fonts against a real server', () => {
  let srv: ServerProcess;
  let project: { id: string; token: string };
  before(async () => {
    srv = await ServerProcess.create({
      prefix: 'imprint-hostile-fonts-',
      env: { LOG_LEVEL: 'warn' },
    });
    await srv.start();
    project = srv.createProject('Hostile fonts');
  });
  after(() => srv?.close());

  const health = async () => (await fetch(`${srv.base}/health`)).status;
  const upload = async (data: Buffer, filename: string) => {
    const { payload, headers } = uploadBody(data, filename);
    const res = await fetch(`${srv.base}/api/rest/fonts`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${project.token}` },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers the cmap bomb upload with 422 on file and keeps serving', async () => {
    const res = await upload(cmapBombTtf(), 'bomb.ttf');
    assert.equal(res.status, 422, JSON.stringify(res.body));
    const errors = res.body.errors as Record<string, string[]>;
    assert.match(errors.file[0], /could not be read as one/);
    assert.equal(await health(), 200);
    assert.equal(srv.server?.exitCode, null, 'the server process is alive');
    assert.equal((await upload(fontFixture('woff2'), 'ok.woff2')).status, 201);
  });

  it(
    'refuses the cmap bomb in `imprint font import` with a message, not a crash',
    { timeout: 210_000 },
    () => {
      const file = path.join(srv.dataDir, 'bomb.ttf');
      fs.writeFileSync(file, cmapBombTtf());
      const res = runSync(
        process.execPath,
        ['bin/imprint.mjs', 'font', 'import', '--account', project.id, file],
        { env: srv.env, cwd: ROOT, encoding: 'utf8' },
      );
      assert.equal(res.status, 1, res.stderr);
      assert.match(res.stderr, /could not be read as one/);
      const list = JSON.parse(
        srv.cli('font', 'list', '--account', project.id, '--json'),
      ) as unknown[];
      assert.equal(list.length, 0, 'nothing was stored');
    },
  );

  it(
    'fails only the render of a hostile font stored before uploads were checked',
    { timeout: 60_000 },
    async () => {
      // Straight into the database, past the upload check.
      const runtime = await createRuntime(loadConfig(srv.env));
      let uuid: string;
      try {
        const owner = await runtime.services.projects.findProject(project.id);
        const font = await runtime.services.fonts.insert({
          projectId: project.id,
          accountId: owner!.account_id,
          title: 'Old upload',
          filename: 'old.ttf',
          format: 'ttf',
          family: 'DejaVu Sans',
          data: cmapBombTtf(),
        });
        uuid = font.uuid;
      } finally {
        await runtime.close();
      }
      const api = restClient(srv.base, project.token);
      const created = await api('POST', '/templates', { title: 'Card', width: 300, height: 100 });
      const template = created.body.uuid as string;
      const text = { type: 'text', x: 0, y: 0, width: 300, height: 100, text: 'Hi', font_size: 30 };
      const design = {
        width: 300,
        height: 100,
        layers: [
          { name: 'title', ...text, font: uuid },
          { name: 'plain', ...text },
        ],
      };
      assert.equal((await api('PUT', `/templates/${template}/design`, design)).status, 200);

      const failed = await api('POST', '/images', { template_uuid: template, create_now: true });
      assert.equal(failed.status, 200, JSON.stringify(failed.body));
      assert.equal(failed.body.status, 'error');
      assert.match(
        failed.body.errors[0],
        new RegExp(`^layers\\.title: the font ${uuid} could not be read`),
      );
      assert.equal(await health(), 200);

      // The same template without that font still renders: only the job with the font failed.
      const fine = await api('POST', '/images', {
        template_uuid: template,
        create_now: true,
        layers: { title: { font: 'DejaVu Sans' } },
      });
      assert.equal(fine.body.status, 'finished', JSON.stringify(fine.body));
    },
  );
});
