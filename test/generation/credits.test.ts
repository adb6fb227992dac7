import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { startJobProcessing } from '../../src/main.ts';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, pathOf, testDesign, type AssetServer } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`credits and test mode on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let assets: AssetServer;
    let uuid: string;
    let stop: (() => Promise<void>) | undefined;
    before(
      async () => {
        // Job processing starts in the test, once the credits are used up.
        fixture = await startGenerationFixture(kind, { processJobs: false });
        ({ t, assets, uuid } = fixture);
      },
      { timeout: 300_000 },
    );
    after(async () => {
      await stop?.();
      await fixture?.close();
    });

    const usage = async (token?: string) =>
      (await t.request({ method: 'GET', url: '/api/rest/usage', token })).json();
    const image = (payload: Record<string, unknown>, token?: string) =>
      t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, ...payload },
        token,
      });
    const setLimit = (limit: number | null) =>
      t.runtime.services.generation.setCreditLimit(t.project.id, limit);

    it(
      'reserves credits for queued renders and answers 402 past the limit',
      { timeout: 60_000 },
      async () => {
        assert.deepEqual(await usage(), {
          credits_used: 0,
          credits_reserved: 0,
          credit_limit: null,
          credits_remaining: null,
        });
        await setLimit(2);
        const first = await image({});
        assert.equal(first.statusCode, 200);
        const second = await image({});
        assert.equal(second.statusCode, 200);
        assert.deepEqual(await usage(), {
          credits_used: 0,
          credits_reserved: 2,
          credit_limit: 2,
          credits_remaining: 2,
        });
        // Both queued images hold the 2 credits: a third does not fit, not even with create_now.
        for (const extra of [{}, { create_now: true }]) {
          const third = await image(extra);
          assert.equal(third.statusCode, 402, third.body);
          assert.match(third.json().message, /credits?/);
          assert.match(third.json().message, /costs 1 credit/);
        }
        // Nothing was created by the refused calls.
        assert.equal((await usage()).credits_reserved, 2);
        // Test tokens still render, for free, when credits are exhausted.
        const preview = await image({ create_now: true }, t.project.testToken);
        assert.equal(preview.statusCode, 200, preview.body);
        assert.equal(preview.json().status, 'finished');

        stop = startJobProcessing(t.runtime, 2);
        for (const res of [first, second]) {
          for (let i = 0; i < 400; i++) {
            const got = await t.request({ method: 'GET', url: pathOf(res.json().polling_url) });
            if (got.json().status !== 'queued') break;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        assert.deepEqual(await usage(), {
          credits_used: 2,
          credits_reserved: 0,
          credit_limit: 2,
          credits_remaining: 0,
        });
        const refused = await image({});
        assert.equal(refused.statusCode, 402);
        assert.match(refused.json().message, /only 0 of the project's limit of 2/);
      },
    );

    it(
      'charges PDFs 2 per page and large canvases by their size factor',
      { timeout: 120_000 },
      async () => {
        await setLimit(null);
        const start = (await usage()).credits_used;
        const pdf = await t.request({
          method: 'POST',
          url: '/api/rest/pdfs',
          payload: { pages: [{ template_uuid: uuid }, { template_uuid: uuid }], create_now: true },
        });
        assert.equal(pdf.json().status, 'finished', pdf.body);
        assert.equal((await usage()).credits_used, start + 4);

        const big = await createTemplate(t, testDesign(4500, 100));
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: big, create_now: true, modifications: { image_format: 'jpg' } },
        });
        assert.equal(res.json().status, 'finished', res.body);
        assert.equal((await usage()).credits_used, start + 4 + 8);

        // Asking for a larger output than the canvas is priced by the output.
        const wide = await image({ create_now: true, modifications: { width: 9000 } });
        assert.equal(wide.json().status, 'finished', wide.body);
        assert.equal((await usage()).credits_used, start + 4 + 8 + 16);

        // A failed render costs nothing.
        const failed = await image({
          create_now: true,
          layers: { photo: { image: `${assets.base}/nope.png` } },
        });
        assert.equal(failed.json().status, 'error');
        assert.equal((await usage()).credits_used, start + 28);

        await setLimit(start + 28 + 3);
        const tooBig = await t.request({
          method: 'POST',
          url: '/api/rest/pdfs',
          payload: { pages: [{ template_uuid: uuid }, { template_uuid: uuid }] },
        });
        assert.equal(tooBig.statusCode, 402);
        assert.match(tooBig.json().message, /PDF costs 4 credits, but only 3/);
        await setLimit(null);
      },
    );

    it('watermarks test-token renders and charges them nothing', { timeout: 120_000 }, async () => {
      const before = (await usage()).credits_used;
      const payload = { create_now: true, modifications: { image_format: 'png' } };
      const live = await image(payload);
      const test = await image(payload, t.project.testToken);
      assert.equal(live.json().status, 'finished');
      assert.equal(test.json().status, 'finished');
      assert.equal((await usage()).credits_used, before + 1);
      const px = async (url: string) =>
        sharp((await t.request({ method: 'GET', url: pathOf(url), token: null })).rawPayload)
          .raw()
          .toBuffer();
      const a = await px(live.json().image_url);
      const b = await px(test.json().image_url);
      assert.equal(a.length, b.length);
      let changed = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) changed++;
      assert.ok(changed > a.length / 100, `watermark changed only ${changed} bytes`);
      // The test token sees the same project: its images, its usage.
      const seen = await t.request({
        method: 'GET',
        url: pathOf(test.json().polling_url),
        token: t.project.testToken,
      });
      assert.equal(seen.statusCode, 200);
    });
  });
}

describe('imprint project credits (CLI)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-credits-cli-'));
  const env = { ...process.env, IMPRINT_DATA_DIR: dataDir, DATABASE_URL: '' };
  const cli = (...args: string[]) =>
    runSync(process.execPath, ['bin/imprint.mjs', ...args], { env, encoding: 'utf8' });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('shows, sets and removes a project credit limit', { timeout: 180_000 }, () => {
    const created = cli('project', 'create', 'Credits', '--json');
    assert.equal(created.status, 0, created.stderr);
    const id = JSON.parse(created.stdout).id as string;
    const shown = cli('project', 'credits', id, '--json');
    assert.equal(shown.status, 0, shown.stderr);
    assert.deepEqual(JSON.parse(shown.stdout), {
      credits_used: 0,
      credits_reserved: 0,
      credit_limit: null,
      credits_remaining: null,
    });
    const set = cli('project', 'credits', id, '--limit', '50', '--json');
    assert.equal(set.status, 0, set.stderr);
    assert.equal(JSON.parse(set.stdout).credit_limit, 50);
    assert.equal(JSON.parse(set.stdout).credits_remaining, 50);
    const text = cli('project', 'credits', id);
    assert.match(text.stdout, /limit 50, 50 remaining/);
    const unlimited = cli('project', 'credits', id, '--unlimited', '--json');
    assert.equal(JSON.parse(unlimited.stdout).credit_limit, null);
    const bad = cli('project', 'credits', id, '--limit', 'lots');
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /--limit must be a whole number/);
    const unknown = cli('project', 'credits', 'nope', '--limit', '1');
    assert.notEqual(unknown.status, 0);
    assert.match(unknown.stderr, /No project with id nope/);
  });
});
