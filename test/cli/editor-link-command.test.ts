/**
 * `imprint editor-link`: prints `<public URL>/editor#link=<code>` for a project, checks --ttl
 * and the project, and the printed code signs in once at POST /api/editor/session; `token list`
 * then shows the editor session with its expiry. Each spawned command costs a Node start, so
 * the --ttl rules are checked in-process and the real command once.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseTtl } from '../../src/cli/editor-link-command.ts';
import { tokenLine } from '../../src/cli/project-commands.ts';
import { NO_ADDRESS, serverAddress } from '../../src/cli/public-url.ts';
import { loadConfig } from '../../src/config.ts';
import { createProjectWithTokens } from '../../src/core/projects.ts';
import { createHttpApp, createRuntime } from '../../src/main.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-cli-link-'));
function imprint(env: Record<string, string>, ...args: string[]) {
  const res = runSync(process.execPath, ['bin/imprint.mjs', ...args], {
    env: {
      ...process.env,
      IMPRINT_DATA_DIR: dataDir,
      DATABASE_URL: '',
      IMPRINT_PUBLIC_URL: 'http://imprint.test',
      PORT: '',
      ...env,
    },
    encoding: 'utf8',
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

/** The installation's runtime (the database the commands open). */
const openRuntime = () => createRuntime(loadConfig({ IMPRINT_DATA_DIR: dataDir }));

describe('imprint editor-link', () => {
  let projectId: string;
  before(async () => {
    const runtime = await openRuntime();
    try {
      projectId = (await createProjectWithTokens(runtime.services.projects, 'Linked')).project.id;
    } finally {
      await runtime.close();
    }
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'prints a link on IMPRINT_PUBLIC_URL or --url, never on a port guessed from PORT',
    { timeout: 150_000 },
    () => {
      // Not a terminal (stdin is a pipe) and no address known: nothing to ask, so it stops.
      const unknown = imprint(
        { IMPRINT_PUBLIC_URL: '', PORT: '4123' },
        'editor-link',
        '--project',
        projectId,
      );
      assert.equal(unknown.code, 1);
      assert.equal(unknown.out, '');
      assert.match(unknown.err, /set IMPRINT_PUBLIC_URL .* or pass --url <url>/);
      assert.doesNotMatch(unknown.err, /4123/);
      const flag = imprint(
        { IMPRINT_PUBLIC_URL: '', PORT: '4123' },
        'editor-link',
        '--project',
        projectId,
        '--url',
        'http://10.0.0.5:8080/',
      );
      assert.equal(flag.code, 0, flag.err);
      assert.match(flag.out.trim(), /^http:\/\/10\.0\.0\.5:8080\/editor#link=[A-Za-z0-9_-]{32}$/);
      const pub = imprint(
        { IMPRINT_PUBLIC_URL: 'https://img.example.com/' },
        'editor-link',
        '--project',
        projectId,
        '--ttl',
        '60',
        '--json',
      );
      assert.equal(pub.code, 0, pub.err);
      const { url, expires_at } = JSON.parse(pub.out);
      assert.match(url, /^https:\/\/img\.example\.com\/editor#link=[A-Za-z0-9_-]{32}$/);
      const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
      assert.ok(minutes > 58 && minutes <= 60, String(minutes));
      const bad = imprint({}, 'editor-link', '--project', projectId, '--url', 'ftp://x');
      assert.equal(bad.code, 1);
      assert.match(bad.err, /Invalid --url: expected a http: or https: URL, got "ftp:\/\/x"/);
    },
  );

  it('takes the address from --url, IMPRINT_PUBLIC_URL, or a question on a terminal', async () => {
    const unset = { publicUrl: 'http://localhost:3000', publicUrlSet: false };
    const set = { publicUrl: 'https://img.example.com', publicUrlSet: true };
    const asked: string[] = [];
    const answer = (text: string) => async (question: string) => {
      asked.push(question);
      return text;
    };
    const sources = { interactive: true, ask: answer('https://typed.example.com/ ') };
    assert.equal(
      await serverAddress({ ...sources, config: set, flag: 'https://flag.example.com' }),
      'https://flag.example.com',
    );
    assert.equal(await serverAddress({ ...sources, config: set }), 'https://img.example.com');
    assert.deepEqual(asked, [], 'nothing asked while an address is known');
    assert.equal(await serverAddress({ ...sources, config: unset }), 'https://typed.example.com');
    assert.match(asked[0], /IMPRINT_PUBLIC_URL or pass --url/);
    await assert.rejects(
      serverAddress({ interactive: true, ask: answer(''), config: unset }),
      (err: Error) => err.message === NO_ADDRESS,
    );
    await assert.rejects(
      serverAddress({ interactive: true, ask: answer('localhost:3000'), config: unset }),
      /Invalid server address: expected a http: or https: URL/,
    );
    await assert.rejects(
      serverAddress({ interactive: false, ask: answer('unused'), config: unset }),
      (err: Error) => err.message === NO_ADDRESS,
    );
  });

  it('takes --ttl as 1 to 1440 whole minutes, 15 by default', () => {
    assert.equal(parseTtl(undefined), 15);
    assert.equal(parseTtl('1'), 1);
    assert.equal(parseTtl('1440'), 1440);
    for (const ttl of ['0', '1441', 'abc', '1.5', '-3', '']) {
      assert.throws(() => parseTtl(ttl), /--ttl must be a whole number of minutes from 1 to 1440/);
    }
  });

  it('refuses a bad --ttl and an unknown project', { timeout: 120_000 }, () => {
    const ttl = imprint({}, 'editor-link', '--project', projectId, '--ttl', '0');
    assert.equal(ttl.code, 1);
    assert.match(ttl.err, /--ttl must be a whole number of minutes from 1 to 1440/);
    assert.equal(ttl.out, '');
    const unknown = imprint({}, 'editor-link', '--project', 'nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No project with id nope/);
  });

  it(
    'signs in once with the printed code; token list shows the session and its expiry',
    { timeout: 150_000 },
    async () => {
      const printed = imprint({}, 'editor-link', '--project', projectId).out.trim();
      const code = printed.split('#link=')[1];
      const runtime = await openRuntime();
      const app = await createHttpApp(runtime, false);
      try {
        const signIn = () =>
          app.inject({ method: 'POST', url: '/api/editor/session', payload: { code } });
        const first = await signIn();
        assert.equal(first.statusCode, 200, first.body);
        assert.equal(first.json().project.id, projectId);
        assert.equal((await signIn()).statusCode, 401);
        const listed = await runtime.services.projects.listTokens(projectId);
        const session = listed.find((x) => x.purpose === 'editor_session');
        assert.equal(session?.expires_at, first.json().expires_at);
      } finally {
        await app.close();
        await runtime.close();
      }
      const lines = imprint({}, 'token', 'list', '--project', projectId).out.trim().split('\n');
      const session = lines.find((l) => l.includes('editor session'));
      assert.ok(session, lines.join('\n'));
      assert.match(session, /\tlive editor session\t.*\tactive until \d{4}-\d\d-\d\dT/);
    },
  );

  it('lists an editor session as active until its expiry, then as expired', () => {
    const base = {
      id: 'tok1',
      project_id: 'p1',
      kind: 'live' as const,
      created_at: '2020-01-01T00:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    };
    const at = Date.parse('2020-01-01T12:00:00.000Z');
    const session = {
      ...base,
      purpose: 'editor_session' as const,
      expires_at: '2020-01-01T18:00:00.000Z',
    };
    assert.equal(
      tokenLine(session, at),
      'tok1\tlive editor session\tproject p1\tactive until 2020-01-01T18:00:00.000Z\tnever used',
    );
    assert.match(tokenLine(session, at + 7 * 3_600_000), /\texpired 2020-01-01T18:00:00\.000Z\t/);
    assert.equal(
      tokenLine({ ...base, purpose: null, expires_at: null }, at),
      'tok1\tlive\tproject p1\tactive\tnever used',
    );
  });
});
