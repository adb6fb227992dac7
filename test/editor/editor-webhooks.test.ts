import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import {
  startGenerationFixture,
  type GenerationFixture,
} from '../generation/generation-fixture.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`warnings of queued renders and previews with pictures on ${kind}`, { skip }, () => {
    let f: GenerationFixture;
    let receiver: Receiver;
    before(async () => {
      f = await startGenerationFixture(kind);
      receiver = await startReceiver({});
    });
    after(async () => {
      await f?.close();
      await receiver?.close();
    });

    const waitFor = async <T>(fn: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 300; i++) {
        const v = fn();
        if (v !== undefined) return v;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('timed out waiting for the webhook');
    };

    it('has request warnings at creation and sends all of them in the webhook body', async () => {
      const res = await f.t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: {
          template_uuid: f.uuid,
          webhook_success: receiver.url('/done'),
          layers: { title: { text: 'Hi', font: 'Missing Font' }, subtitle: { text: 'x' } },
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      const queued = res.json();
      assert.equal(queued.status, 'queued');
      assert.deepEqual(queued.warnings, ['layers.subtitle: the template has no layer "subtitle"']);
      const hook = await waitFor(() => receiver.to('/done')[0]);
      const body = JSON.parse(hook.body);
      assert.equal(body.status, 'finished');
      assert.deepEqual(body.warnings, [
        'layers.subtitle: the template has no layer "subtitle"',
        'layers.title: font "Missing Font" is not available; DejaVu Sans was used',
      ]);
    });

    it('previews a layer picture, and draws a placeholder for one that is not a picture, naming it', async () => {
      const ok = await f.t.request({
        method: 'POST',
        url: `/api/rest/templates/${f.uuid}/preview`,
        payload: { layers: { photo: { image: `${f.assets.base}/red.png` } } },
      });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await sharp(ok.rawPayload).metadata()).format, 'png');
      const bad = await f.t.request({
        method: 'POST',
        url: `/api/rest/templates/${f.uuid}/preview`,
        payload: { layers: { photo: { image: `${f.assets.base}/text.txt` } } },
      });
      // A preview draws a placeholder for it and warns, naming the layer (docs/editor.md).
      assert.equal(bad.statusCode, 200, bad.body);
      const details = JSON.parse(String(bad.headers['imprint-warning-details'])) as Array<{
        code: string;
        path: string;
      }>;
      assert.ok(
        details.some((d) => d.code === 'picture_unavailable' && d.path === 'layers.photo'),
        JSON.stringify(details),
      );
    });
  });
}
