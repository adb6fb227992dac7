/**
 * `imprint images list`, `pdfs list` and `videos list` through the real program, in-process, on a fresh
 * data folder: the table (newest first, limited, with a hint on stderr when more exist), --all,
 * --json, each filter, and a bad filter or project named in the error.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { RenderRequest } from '../../src/core/generation/render-row.ts';
import { createRuntime } from '../../src/main.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { runCliInProcess } from '../helpers/cli-in-process.ts';
import { insertQueuedRow } from '../generation/_helpers.ts';

const image = (template_uuid: string): RenderRequest => ({
  kind: 'image',
  template_uuid,
  layers: {},
  modifications: {},
});

const video = (templates: string[]): RenderRequest => ({
  kind: 'video',
  clips: templates.map((template_uuid) => ({ template_uuid, layers: {} })),
  modifications: { format: 'mp4', fps: 25, canvas_background: '#000000', clip_duration: 5 },
});

describe('imprint images list, pdfs list and videos list', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-list-cli-'));
  // This file runs in its own process, so the environment can point at a fresh data folder.
  process.env.IMPRINT_DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  let project: string;
  /** Ids of the images, oldest first. */
  const ids: number[] = [];
  /** Ids of the videos, oldest first. */
  const videoIds: number[] = [];

  async function imprint(...args: string[]) {
    const run = await runCliInProcess(args);
    return { code: run.code, out: run.stdout, err: run.stderr };
  }

  before(async () => {
    const created = await imprint('project', 'create', 'Lists', '--json');
    assert.equal(created.code, 0, created.err);
    project = JSON.parse(created.out).id as string;
    const other = JSON.parse((await imprint('project', 'create', 'Other', '--json')).out).id;
    const runtime = await createRuntime(loadConfig());
    try {
      const repo = sqlGenerationStores(runtime.db);
      const insert = async (projectId: string, tpl: string, passthrough?: unknown) => {
        return insertQueuedRow(repo.rows, 'image', {
          project_id: projectId,
          request: image(tpl),
          passthrough,
        });
      };
      for (let i = 0; i < 25; i++) {
        const id = await insert(
          project,
          i < 5 ? 'tpl-a' : 'tpl-b',
          i === 7 ? { batch: 7 } : undefined,
        );
        ids.push(id);
        if (i === 3)
          await repo.ledger.markError('image', id, ['layers.photo: the server answered 404']);
        if (i === 4) await repo.ledger.markFinished('image', id, `images/${id}.png`);
      }
      await insert(other, 'tpl-a', { batch: 7 });
      for (const templates of [['tpl-a'], ['tpl-b', 'tpl-v']]) {
        const id = await insertQueuedRow(repo.rows, 'video', {
          project_id: project,
          request: video(templates),
          passthrough: undefined,
        });
        videoIds.push(id);
      }
      await repo.ledger.markFinished('video', videoIds[1], `videos/${videoIds[1]}.mp4`);
    } finally {
      await runtime.close();
    }
  });

  it('prints a table of the newest 20, and says on stderr that more exist', async () => {
    const r = await imprint('images', 'list', '--project', project);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.trimEnd().split('\n');
    assert.match(lines[0], /^ID\s+STATUS\s+CREATED\s+TEMPLATE\s+PASSTHROUGH\s+URL \/ ERROR$/);
    assert.equal(lines.length, 21);
    assert.deepEqual(
      lines.slice(1).map((l) => Number(l.split(/\s+/)[0])),
      [...ids].reverse().slice(0, 20),
    );
    assert.match(r.err, /newest 20 shown; --limit <n> or --all for more/);
    // Columns line up: every row's status starts where the header's does.
    const at = lines[0].indexOf('STATUS');
    assert.ok(lines.slice(1).every((l) => /^(queued|finished|error)/.test(l.slice(at))));
  });

  it('--limit, --all and --json', async () => {
    const three = await imprint('images', 'list', '--project', project, '--limit', '3');
    assert.equal(three.out.trimEnd().split('\n').length, 4);
    const all = await imprint('images', 'list', '--project', project, '--all');
    assert.equal(all.out.trimEnd().split('\n').length, 26);
    assert.equal(all.err, '');
    const json = await imprint('images', 'list', '--project', project, '--all', '--json');
    const objects = JSON.parse(json.out) as Array<{ id: number; polling_url: string }>;
    assert.deepEqual(
      objects.map((o) => o.id),
      [...ids].reverse(),
    );
    assert.match(objects[0].polling_url, /\/api\/rest\/images\/\d+$/);
    const bad = await imprint('images', 'list', '--project', project, '--limit', '0');
    assert.notEqual(bad.code, 0);
    assert.match(bad.err, /--limit/);
  });

  it('filters by status, template, passthrough and creation time', async () => {
    const idsOf = async (...args: string[]) =>
      (
        JSON.parse(
          (await imprint('images', 'list', '--project', project, '--all', '--json', ...args)).out,
        ) as Array<{ id: number }>
      ).map((o) => o.id);
    const failed = await imprint('images', 'list', '--project', project, '--status', 'error');
    assert.match(failed.out, /layers\.photo: the server answered 404/);
    assert.deepEqual(await idsOf('--status', 'error'), [ids[3]]);
    assert.deepEqual(await idsOf('--status', 'finished'), [ids[4]]);
    assert.deepEqual(await idsOf('--template', 'tpl-a'), ids.slice(0, 5).reverse());
    assert.deepEqual(await idsOf('--passthrough', '{"batch": 7}'), [ids[7]]);
    assert.deepEqual(await idsOf('--created-after', '2100-01-01'), []);
    assert.equal((await idsOf('--created-before', '2100-01-01T00:00:00+01:00')).length, 25);
    const none = await imprint('images', 'list', '--project', project, '--template', 'nope');
    assert.equal(none.out.trim(), 'No images match.');
    const pdfs = await imprint('pdfs', 'list', '--project', project);
    assert.equal(pdfs.code, 0, pdfs.err);
    assert.equal(pdfs.out.trim(), 'No PDFs match.');
  });

  it('lists videos the same way, a template matching any of their clips', async () => {
    const table = await imprint('videos', 'list', '--project', project);
    assert.equal(table.code, 0, table.err);
    const lines = table.out.trimEnd().split('\n');
    assert.equal(lines.length, 3, table.out);
    assert.deepEqual(
      lines.slice(1).map((l) => Number(l.split(/\s+/)[0])),
      [...videoIds].reverse(),
    );
    assert.match(lines[1], /finished/);
    assert.match(lines[1], new RegExp(`/files/videos/${videoIds[1]}\\.mp4`));
    assert.match(lines[2], /queued/);
    const json = async (...args: string[]) =>
      (
        JSON.parse(
          (await imprint('videos', 'list', '--project', project, '--json', ...args)).out,
        ) as Array<{ id: number; video_url: string | null }>
      ).map((v) => v.id);
    assert.deepEqual(await json('--template', 'tpl-v'), [videoIds[1]]);
    assert.deepEqual(await json('--template', 'tpl-a'), [videoIds[0]]);
    assert.deepEqual(await json('--status', 'finished'), [videoIds[1]]);
  });

  it('names a bad filter and an unknown project', async () => {
    const bad = await imprint(
      'images',
      'list',
      '--project',
      project,
      '--created-after',
      'yesterday',
      '--status',
      'done',
    );
    assert.equal(bad.code, 1);
    assert.match(bad.err, /created_after: The created_after field must be an ISO 8601/);
    assert.match(bad.err, /status: The status field must be one of queued, finished, error/);
    const unknown = await imprint('images', 'list', '--project', 'nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No project with id nope/);
  });
});
