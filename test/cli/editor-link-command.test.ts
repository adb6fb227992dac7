/**
 * `imprint editor-link`: prints `<public URL>/editor#link=<code>` for a project, checks --ttl
 * and the project, and the printed code signs in once at POST /api/editor/session; `token list`
 * then shows the editor session with its expiry.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { createHttpApp, createRuntime } from '../../src/main.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-cli-link-'));
function imprint(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, ['bin/imprint.mjs', ...args], {
    env: {
      ...process.env,
      IMPRINT_DATA_DIR: dataDir,
      DATABASE_URL: '',
      IMPRINT_PUBLIC_URL: '',
      PORT: '',
      ...env,
    },
    encoding: 'utf8',
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('imprint editor-link', () => {
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const project = JSON.parse(imprint({}, 'project', 'create', 'Linked', '--json').out);

  it('prints a link on localhost:$PORT, or on IMPRINT_PUBLIC_URL', () => {
    const local = imprint({ PORT: '4123' }, 'editor-link', '--project', project.id);
    assert.equal(local.code, 0, local.err);
    assert.match(local.out.trim(), /^http:\/\/localhost:4123\/editor#link=[A-Za-z0-9_-]{32}$/);
    const pub = imprint(
      { IMPRINT_PUBLIC_URL: 'https://img.example.com/' },
      'editor-link',
      '--project',
      project.id,
      '--ttl',
      '60',
      '--json',
    );
    assert.equal(pub.code, 0, pub.err);
    const { url, expires_at } = JSON.parse(pub.out);
    assert.match(url, /^https:\/\/img\.example\.com\/editor#link=[A-Za-z0-9_-]{32}$/);
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    assert.ok(minutes > 58 && minutes <= 60, String(minutes));
  });

  it('refuses a bad --ttl and an unknown project', () => {
    for (const ttl of ['0', '1441', 'abc', '1.5', '-3']) {
      const res = imprint({}, 'editor-link', '--project', project.id, '--ttl', ttl);
      assert.equal(res.code, 1, ttl);
      assert.match(res.err, /--ttl must be a whole number of minutes from 1 to 1440/);
      assert.equal(res.out, '');
    }
    const unknown = imprint({}, 'editor-link', '--project', 'nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No project with id nope/);
  });

  it('signs in once with the printed code; token list shows the session and its expiry', async () => {
    const printed = imprint({}, 'editor-link', '--project', project.id).out.trim();
    const code = printed.split('#link=')[1];
    const runtime = await createRuntime(loadConfig({ IMPRINT_DATA_DIR: dataDir }));
    const app = await createHttpApp(runtime, false);
    try {
      const signIn = () =>
        app.inject({ method: 'POST', url: '/api/editor/session', payload: { code } });
      const first = await signIn();
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().project.id, project.id);
      assert.equal((await signIn()).statusCode, 401);
    } finally {
      await app.close();
      await runtime.close();
    }
    const lines = imprint({}, 'token', 'list', '--project', project.id).out.trim().split('\n');
    const session = lines.find((l) => l.includes('editor session'));
    assert.ok(session, lines.join('\n'));
    assert.match(session, /\tlive editor session\t.*\tactive until \d{4}-\d\d-\d\dT/);
    const json = JSON.parse(imprint({}, 'token', 'list', '--project', project.id, '--json').out);
    const listed = json.find((x: { purpose: string | null }) => x.purpose === 'editor_session');
    assert.ok(listed.expires_at);
  });
});
