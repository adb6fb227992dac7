/**
 * `imprint url secret|rotate|unsigned` against a real `imprint serve`: the secret the CLI prints
 * (or sets, e.g. to a live token as Placid signs) is the key the server checks signatures with,
 * rotating it invalidates old URLs, and unsigned URLs are served only after --allow.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { runCliInProcess } from '../helpers/cli-in-process.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { testDesign } from '../generation/_helpers.ts';

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
  /**
   * Runs `imprint url …` in this process (cli-in-process.ts: a spawned command costs a Node start)
   * on the server's database; the first test runs the real binary.
   */
  const here = (args: string[]) =>
    runCliInProcess(['url', ...args], {
      env: Object.fromEntries(
        Object.entries(imprint.env).filter(
          ([k]) => k.startsWith('IMPRINT_') || ['DATABASE_URL', 'REDIS_URL', 'PORT'].includes(k),
        ),
      ) as Record<string, string>,
    });
  /** `imprint url …` that has to succeed; its trimmed output. */
  const cli = async (...args: string[]) => {
    const res = await here(args);
    assert.equal(res.code, 0, res.stderr);
    return res.stdout.trim();
  };
  /** `imprint url …` that has to fail; its error output. */
  const fails = async (...args: string[]) => {
    const res = await here(args);
    assert.notEqual(res.code, 0, res.stdout);
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
      assert.equal(await cli('secret', '--project', project.id), secret);
      assert.equal(await status(signedPath(secret)), 200);
      assert.equal(await status(signedPath('something else')), 403);
    },
  );

  it('sets the secret to a live token, so Placid-style signers work unchanged', async () => {
    const out = await cli('secret', '--project', project.id, '--set', project.token);
    assert.ok(!out.includes(project.token), 'the secret is not echoed');
    assert.equal(await cli('secret', '--project', project.id), project.token);
    assert.equal(await status(signedPath(project.token)), 200);
    assert.match(
      await fails('secret', '--project', project.id, '--set', ''),
      /1 to 1024 characters/,
    );
  });

  it('rotates the secret: URLs signed with the old one are refused', async () => {
    const before = await cli('secret', '--project', project.id);
    const rotated = await cli('rotate', '--project', project.id);
    assert.notEqual(rotated, before);
    assert.equal(await cli('secret', '--project', project.id), rotated);
    assert.equal(await status(signedPath(before)), 403);
    assert.equal(await status(signedPath(rotated)), 200);
  });

  it('allows and denies unsigned URLs', async () => {
    const unsigned = `/u/${uuid}?${query}`;
    assert.match(await cli('unsigned', '--project', project.id), /refused/);
    assert.equal(await status(unsigned), 403);
    assert.match(await cli('unsigned', '--project', project.id, '--allow'), /allowed/);
    assert.equal(await status(unsigned), 200);
    assert.match(await cli('unsigned', '--project', project.id, '--deny'), /refused/);
    assert.equal(await status(unsigned), 403);
    assert.match(
      await fails('unsigned', '--project', project.id, '--allow', '--deny'),
      /either --allow or --deny/,
    );
  });

  it('names an unknown project', async () => {
    for (const args of [['secret'], ['rotate'], ['unsigned', '--allow']]) {
      assert.match(
        await fails(...args, '--project', 'nosuchproject'),
        /No project with id nosuchproject/,
      );
    }
  });
});
