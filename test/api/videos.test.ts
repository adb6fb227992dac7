/**
 * POST /api/rest/videos end to end on both databases: Placid's body queued, composed by ffmpeg
 * from tiny generated media, polled to finished; the MP4 served at video_url is what ffprobe
 * expects; credits are 1 per started second; one webhook; DELETE; a pinned template version;
 * and every bad input a 422 naming its field.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, pathOf, pollUntilDone } from '../generation/_helpers.ts';
import {
  startGenerationFixture,
  type GenerationFixture,
} from '../generation/generation-fixture.ts';
import { makeVideo, probe } from '../video/_media.ts';

/** 160×120: a blue canvas, a picture layer for the video and a white square. */
function videoDesign(background = '#0000ff') {
  return {
    width: 160,
    height: 120,
    background,
    layers: [
      { name: 'bg', type: 'picture', x: 0, y: 0, width: 160, height: 90, image: null },
      {
        name: 'square',
        type: 'shape',
        x: 120,
        y: 90,
        width: 40,
        height: 30,
        background_color: '#ffffff',
      },
    ],
  };
}

/** Serves the files of `dir` by name (video sources for the jobs). */
async function serveDir(dir: string): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? '/'));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'video/mp4' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`videos on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let media: { base: string; close(): Promise<void> } | undefined;
    let dir: string;
    let template: string;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-video-src-'));
      await makeVideo(dir, 'clip.mp4', { seconds: 1.4, width: 160, height: 90 });
      media = await serveDir(dir);
      fixture = await startGenerationFixture(kind);
      t = fixture.t;
      template = await createTemplate(t, videoDesign() as never);
    });
    after(async () => {
      await fixture?.close();
      await media?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const post = (payload: Record<string, unknown>, token?: string) =>
      t.request({ method: 'POST', url: '/api/rest/videos', payload, token });

    it('composes the clips into an MP4, charges 1 credit per started second and sends one webhook', async () => {
      const before = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      const res = await post({
        clips: [
          { template_uuid: template, layers: { bg: { video: `${media!.base}/clip.mp4` } } },
          { template_uuid: template, layers: { square: { background_color: '#00ff00' } } },
        ],
        modifications: { fps: 10, clip_duration: 1 },
        webhook_success: 'https://example.com/hook',
        passthrough: 'v1',
      });
      assert.equal(res.statusCode, 200, res.body);
      const queued = res.json();
      assert.equal(queued.status, 'queued');
      assert.equal(queued.video_url, null);
      assert.equal(queued.polling_url, `http://imprint.test/api/rest/videos/${queued.id}`);
      // createTemplate saves its design as version 2 (version 1 is the empty new template).
      assert.deepEqual(queued.template_versions, [2, 2]);
      const done = await pollUntilDone(t, queued.polling_url as string);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      assert.equal(done.passthrough, 'v1');
      assert.match(done.video_url as string, /\/files\/videos\/.+\.mp4$/);
      const file = await t.request({
        method: 'GET',
        url: pathOf(done.video_url as string),
        token: null,
      });
      assert.equal(file.statusCode, 200);
      const out = path.join(dir, `out-${kind}.mp4`);
      fs.writeFileSync(out, file.rawPayload);
      const p = await probe(out);
      assert.equal(p.videoCodec, 'h264');
      assert.equal(p.width, 160);
      assert.equal(p.height, 120);
      assert.equal(p.fps, 10);
      // 1.4 s of video, then the 1 s clip without video: 2.4 s, 3 started seconds.
      assert.ok(Math.abs(p.duration - 2.4) < 0.2, `duration ${p.duration}`);
      const usage = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      assert.equal(usage.credits_used - before.credits_used, 3);
      assert.equal(usage.credits_reserved, 0);
      const deliveries = (
        await t.request({ method: 'GET', url: `/api/rest/videos/${queued.id}/webhook-deliveries` })
      ).json().data;
      assert.equal(deliveries.length, 1);
      // Listed, then deleted: 204, then 404 for GET and DELETE.
      const list = (await t.request({ method: 'GET', url: '/api/rest/videos' })).json();
      assert.ok(list.data.some((v: { id: number }) => v.id === queued.id));
      const del = await t.request({ method: 'DELETE', url: `/api/rest/videos/${queued.id}` });
      assert.equal(del.statusCode, 204);
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/rest/videos/${queued.id}` })).statusCode,
        404,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/rest/videos/${queued.id}` })).statusCode,
        404,
      );
    });

    it('renders a pinned template version, free and watermarked with a test token, and create_now answers the finished video', async () => {
      const uuid = await createTemplate(t, videoDesign('#ff0000') as never);
      const put = await t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: videoDesign('#00ff00'),
      });
      assert.equal(put.statusCode, 200, put.body);
      const before = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      const res = await post(
        {
          clips: [{ template_uuid: uuid, template_version: 2 }],
          modifications: { fps: 5, clip_duration: 1 },
          create_now: true,
        },
        t.project.testToken,
      );
      assert.equal(res.statusCode, 200, res.body);
      const done = res.json();
      assert.equal(done.status, 'finished', res.body);
      assert.deepEqual(done.template_versions, [2]);
      const file = await t.request({ method: 'GET', url: pathOf(done.video_url), token: null });
      const out = path.join(dir, `pinned-${kind}.mp4`);
      fs.writeFileSync(out, file.rawPayload);
      const { frameAt, near } = await import('../video/_media.ts');
      const at = await frameAt(out, 0.5, 160, 120);
      // Version 2's red canvas, not version 3's green one (a corner the watermark leaves alone).
      assert.ok(near(at(2, 118), [255, 0, 0], 40), `pixel ${at(2, 118)}`);
      const usage = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      assert.equal(usage.credits_used, before.credits_used, 'test tokens render for free');
      // An Idempotency-Key's retry answers the video the first request created.
      const keyed = (key: string) =>
        t.request({
          method: 'POST',
          url: '/api/rest/videos',
          payload: { clips: [{ template_uuid: uuid }], modifications: { clip_duration: 1 } },
          headers: { 'idempotency-key': key },
          token: t.project.testToken,
        });
      const first = await keyed(`video-${kind}`);
      const again = await keyed(`video-${kind}`);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.json().id, first.json().id);
      await pollUntilDone(t, first.json().polling_url, t.project.testToken);
    });

    it("takes the Activepieces piece's Create Video request as it sends it", async () => {
      // The piece puts one clip of the chosen template, every filled field of its per-layer
      // form (`hide` checkboxes included), the FPS and file name, and passthrough as text.
      const res = await post({
        clips: [
          {
            template_uuid: template,
            layers: {
              bg: { video: `${media!.base}/clip.mp4`, hide: false },
              square: { background_color: '#00ff00', hide: false },
            },
          },
        ],
        modifications: { filename: 'promo.mp4', fps: 10 },
        webhook_success: 'https://example.com/ap-hook',
        create_now: false,
        passthrough: 'row-17',
      });
      assert.equal(res.statusCode, 200, res.body);
      const queued = res.json();
      assert.equal(queued.status, 'queued');
      const done = await pollUntilDone(t, queued.polling_url as string);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      assert.equal(done.passthrough, 'row-17');
      assert.match(done.video_url as string, /\/promo\.mp4$/);
      assert.deepEqual(done.errors, []);
    });

    it('answers 422 naming each bad field, before anything is queued', async () => {
      const cases: Array<[Record<string, unknown>, string, RegExp?]> = [
        [{ clips: [] }, 'clips'],
        [{ clips: [{ template_uuid: template }], modifications: { fps: 60 } }, 'modifications.fps'],
        [{ clips: [{ template_uuid: template }], modifications: { fps: 0 } }, 'modifications.fps'],
        [
          {
            clips: [{ template_uuid: template }],
            modifications: { canvas_background: 'pink-ish' },
          },
          'modifications.canvas_background',
        ],
        [
          { clips: [{ template_uuid: template }], modifications: { format: 'gif' } },
          'modifications.format',
        ],
        [
          {
            clips: [
              { template_uuid: template, audio: 'https://x.test/a.mp3', audio_trim_start: '1:2' },
            ],
          },
          'clips.0.audio_trim_start',
          /HH:MM:SS/,
        ],
        [
          {
            clips: [
              {
                template_uuid: template,
                audio: 'https://x.test/a.mp3',
                audio_trim_end: '00:00:0x',
              },
            ],
          },
          'clips.0.audio_trim_end',
        ],
        [{ clips: [{ template_uuid: template, audio_duration: 'auto' }] }, 'clips.0.audio'],
        [
          {
            clips: [
              { template_uuid: template, layers: { bg: { video: ['https://x.test/a.mp4'] } } },
            ],
          },
          'clips.0.layers.bg.video',
          /one video URL per layer/,
        ],
        [
          { clips: [{ template_uuid: template, layers: { bg: { video: 'ftp://x/a.mp4' } } }] },
          'clips.0.layers.bg.video',
        ],
        [
          {
            clips: [
              { template_uuid: template, layers: { square: { video: 'https://x.test/a.mp4' } } },
            ],
          },
          'clips.0.layers.square.video',
        ],
        [{ clips: [{ template_uuid: template, template_version: 9 }] }, 'clips.0.template_version'],
        [
          { clips: Array.from({ length: 40 }, () => ({ template_uuid: template })) },
          'clips',
          /at least 200 s.*180 s/,
        ],
      ];
      for (const [payload, field, message] of cases) {
        const res = await post(payload);
        assert.equal(res.statusCode, 422, `${JSON.stringify(payload)}: ${res.body}`);
        const errors = res.json().errors as Record<string, string[]>;
        assert.ok(errors[field], `${field} in ${res.body}`);
        if (message) assert.match(errors[field].join(' '), message);
      }
      // A subtitle layer without an SRT: no automatic transcription.
      const subtitled = await createTemplate(t, {
        ...videoDesign(),
        layers: [
          ...videoDesign().layers,
          { name: 'subs', type: 'subtitle', x: 0, y: 90, width: 120, height: 30, text: '' },
        ],
      } as never);
      const subs = await post({ clips: [{ template_uuid: subtitled }] });
      assert.equal(subs.statusCode, 422, subs.body);
      assert.match(
        subs.json().errors['clips.0.layers.subs.srt'][0],
        /automatic transcription is not available/,
      );
      const unknown = await post({ clips: [{ template_uuid: 'no-such-template' }] });
      assert.equal(unknown.statusCode, 404, unknown.body);
      const list = (
        await t.request({ method: 'GET', url: '/api/rest/videos?status=queued' })
      ).json();
      assert.equal(list.data.length, 0);
    });

    it("takes a video uploaded with POST /media as a picture layer's video", async () => {
      const boundary = 'imprint-test-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="clip"; filename="clip.mp4"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        fs.readFileSync(path.join(dir, 'clip.mp4')),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await t.request({
        method: 'POST',
        url: '/api/rest/media',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      const [{ file_id: url }] = uploaded.json().media;
      assert.match(url, /\/files\/media\/.+\.mp4$/);
      const served = await t.request({ method: 'GET', url: pathOf(url), token: null });
      assert.equal(served.headers['content-type'], 'video/mp4');
      const res = await post({
        clips: [{ template_uuid: template, layers: { bg: { video: url } } }],
        modifications: { fps: 10 },
      });
      assert.equal(res.statusCode, 200, res.body);
      const done = await pollUntilDone(t, res.json().polling_url as string);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      const file = await t.request({
        method: 'GET',
        url: pathOf(done.video_url as string),
        token: null,
      });
      const out = path.join(dir, `from-media-${kind}.mp4`);
      fs.writeFileSync(out, file.rawPayload);
      const p = await probe(out);
      assert.ok(Math.abs(p.duration - 1.4) < 0.2, `duration ${p.duration}`);
    });

    it('fails the job naming the clip and layer when a source is not a video', async () => {
      fs.writeFileSync(path.join(dir, 'not-a-video.mp4'), 'hello, I am text');
      const res = await post({
        clips: [
          { template_uuid: template, layers: { bg: { video: `${media!.base}/not-a-video.mp4` } } },
        ],
      });
      assert.equal(res.statusCode, 200, res.body);
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'error', JSON.stringify(done));
      assert.match(String(done.error), /clips\.0\.layers\.bg\.video/);
      const usage = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      assert.equal(usage.credits_reserved, 0);
    });
  });
}
