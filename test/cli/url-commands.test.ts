/**
 * `imprint url secret|rotate|unsigned` against a real `imprint serve`: the secret the CLI prints
 * (or sets, e.g. to a live token as Placid signs) is the key the server checks signatures with,
 * rotating it invalidates old URLs, and unsigned URLs are served only after --allow.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { testDesign } from '../generation/_helpers.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const hmac = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('hex');

describe('imprint url commands with a running server', () => {
  let imprint: ServerProcess;
  let project: { id: string; token: string };
  let uuid: string;
  const query = 'title[text]=From%20the%20CLI&width=200';
  const status = async (path: string) => {
    const res = await fetch(`${imprint.base}${path}`);
    await res.arrayBuffer();
    return res.status;
  };
  const signedPath = (key: string) => `/u/${uuid}?${query}&s=${hmac(key, query)}`;
  /** Runs `imprint url …` expecting it to fail; returns stderr. */
  const fails = (...args: string[]) => {
    const res = runSync(process.execPath, ['bin/imprint.mjs', 'url', ...args], {
      env: imprint.env,
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.notEqual(res.status, 0, res.stdout);
    return res.stderr;
  };

  before(async () => {
    imprint = await ServerProcess.create({
      prefix: 'imprint-url-cli-',
      env: { IMPRINT_RENDER_THREADS: '1' },
    });
    project = imprint.createProject('URL');
    await imprint.start();
    const api = restClient(imprint.base, project.token);
    const created = await api('POST', '/templates', { title: 'Card', width: 400, height: 200 });
    uuid = created.body.uuid;
    assert.equal((await api('PUT', `/templates/${uuid}/design`, testDesign())).status, 200);
  });
  after(async () => imprint?.close());

  it(
    'prints one secret (created once) that signs URLs the server accepts',
    { timeout: 120_000 },
    async () => {
      const secret = imprint.cli('url', 'secret', '--project', project.id);
      assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(imprint.cli('url', 'secret', '--project', project.id), secret);
      assert.equal(await status(signedPath(secret)), 200);
      assert.equal(await status(signedPath('something else')), 403);
    },
  );

  it(
    'sets the secret to a live token, so Placid-style signers work unchanged',
    { timeout: 210_000 },
    async () => {
      const out = imprint.cli('url', 'secret', '--project', project.id, '--set', project.token);
      assert.ok(!out.includes(project.token), 'the secret is not echoed');
      assert.equal(imprint.cli('url', 'secret', '--project', project.id), project.token);
      assert.equal(await status(signedPath(project.token)), 200);
      assert.match(fails('secret', '--project', project.id, '--set', ''), /1 to 1024 characters/);
    },
  );

  it(
    'rotates the secret: URLs signed with the old one are refused',
    { timeout: 360_000 },
    async () => {
      const before = imprint.cli('url', 'secret', '--project', project.id);
      const rotated = imprint.cli('url', 'rotate', '--project', project.id);
      assert.notEqual(rotated, before);
      assert.equal(imprint.cli('url', 'secret', '--project', project.id), rotated);
      assert.equal(await status(signedPath(before)), 403);
      assert.equal(await status(signedPath(rotated)), 200);
    },
  );

  it('allows and denies unsigned URLs', { timeout: 480_000 }, async () => {
    const unsigned = `/u/${uuid}?${query}`;
    assert.match(imprint.cli('url', 'unsigned', '--project', project.id), /refused/);
    assert.equal(await status(unsigned), 403);
    assert.match(imprint.cli('url', 'unsigned', '--project', project.id, '--allow'), /allowed/);
    assert.equal(await status(unsigned), 200);
    assert.match(imprint.cli('url', 'unsigned', '--project', project.id, '--deny'), /refused/);
    assert.equal(await status(unsigned), 403);
    assert.match(
      fails('unsigned', '--project', project.id, '--allow', '--deny'),
      /either --allow or --deny/,
    );
  });

  it('names an unknown project', { timeout: 420_000 }, () => {
    for (const args of [['secret'], ['rotate'], ['unsigned', '--allow']]) {
      assert.match(
        fails(...args, '--project', 'nosuchproject'),
        /No project with id nosuchproject/,
      );
    }
  });
});
