/**
 * `imprint batch` resumes without duplicates: each row's creation carries an Idempotency-Key
 * derived from the batch and the row, so rows a stopped run created but never wrote (their
 * files are missing) are fetched again by the next run, not rendered and charged twice; a
 * design saved in between renders anew.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { runBatch } from '../../src/cli/batch/run-batch.ts';
import { startJobProcessing } from '../../src/main.ts';
import { createTemplate, testDesign } from '../generation/_helpers.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A port free right now (the app's public URL must name it before the app starts). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

for (const { kind, skip } of testDbKinds()) {
  describe(`imprint batch resume on ${kind}`, { skip }, () => {
    let t: TestApp;
    let stop: (() => Promise<void>) | undefined;
    let base: string;
    let uuid: string;
    let work: string;
    before(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      t = await createTestApp(kind, { IMPRINT_PUBLIC_URL: base, IMPRINT_RENDER_THREADS: '1' });
      stop = startJobProcessing(t.runtime, 2);
      await t.app.listen({ port, host: '127.0.0.1' });
      uuid = await createTemplate(t);
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-batch-resume-'));
    });
    after(async () => {
      await stop?.();
      await t?.close();
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    const images = async () =>
      (await t.runtime.db.selectFrom('images').select('id').execute()).length;
    const run = (outDir: string) =>
      runBatch({
        url: base,
        token: t.project.token,
        template: uuid,
        rows: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }],
        outDir,
        format: 'png',
        concurrency: 2,
        progress: new PassThrough() as unknown as NodeJS.WriteStream,
      });

    it('creates each row once across an interrupted run and its rerun', async () => {
      const out = path.join(work, 'out');
      const first = await run(out);
      assert.deepEqual(first.failed, []);
      assert.equal(first.rendered, 3);
      assert.equal(await images(), 3);
      // A run stopped after creating rows 2 and 3 but before writing their files.
      fs.rmSync(path.join(out, '0002.png'));
      fs.rmSync(path.join(out, '0003.png'));
      const second = await run(out);
      assert.deepEqual(second.failed, []);
      assert.equal(second.rendered, 2);
      assert.equal(second.skipped, 1);
      assert.ok(fs.existsSync(path.join(out, '0003.png')));
      assert.equal(await images(), 3);
      const usage = await t.runtime.services.generation.usage(t.project.id);
      assert.equal(usage.credits_used + usage.credits_reserved, 3);

      // After a design save, the same rows are new renders.
      const put = await t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: { ...testDesign(), background: '#eeeeee' },
      });
      assert.equal(put.statusCode, 200, put.body);
      fs.rmSync(path.join(out, '0001.png'));
      const third = await run(out);
      assert.equal(third.rendered, 1);
      assert.equal(await images(), 4);
    });
  });
}
