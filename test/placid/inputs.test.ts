/**
 * What real Placid integrations send, over real HTTP: numbers and booleans as strings (layers,
 * modifications, create_now, PDF pages), `visibility`, form bodies (urlencoded and multipart with
 * bracket keys) on every creation endpoint, and what they read back (`error`, `template_uuid`,
 * layer type names), plus the n8n credential check and the reserved resource names.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import { createTemplate, testDesign } from '../generation/_helpers.ts';
import {
  startGenerationFixture,
  type GenerationFixture,
} from '../generation/generation-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
/** The JSON body of a response. */
const json = async (res: Response): Promise<Json> => (await res.json()) as Json;

/** A design with every layer type that takes numbers and booleans. */
function scalarDesign() {
  const base = testDesign();
  return {
    ...base,
    layers: [
      ...base.layers,
      { name: 'stars', type: 'rating', x: 10, y: 150, width: 100, height: 20, value: 1 },
    ],
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`Placid integration inputs over HTTP on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture;
    let base: string;
    let uuid: string;
    let auth: Record<string, string>;

    before(async () => {
      fixture = await startGenerationFixture(kind);
      await fixture.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(fixture.t.app.server.address() as AddressInfo).port}`;
      uuid = await createTemplate(fixture.t, scalarDesign() as ReturnType<typeof testDesign>);
      auth = { authorization: `Bearer ${fixture.t.project.token}` };
    });
    after(async () => fixture?.close());

    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('reads numbers and booleans spelled as strings in layers, modifications and create_now', async () => {
      const res = await post('/api/rest/images', {
        template_uuid: uuid,
        create_now: 'true',
        layers: {
          stars: { value: '4.5', opacity: ' 50 ', rotation: '10' },
          title: { text: '123', font_size: '48', line_height: '1.5', auto_fit: '1' },
          box: { border_width: '2', hide: 'true' },
        },
        modifications: { width: '200', image_format: 'png', dpi: '+150.0' },
      });
      const body = await json(res);
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.status, 'finished', JSON.stringify(body));
      assert.equal(body.template_uuid, uuid);
      assert.equal(body.error, null);
      const file = await fetch(`${base}${new URL(body.image_url).pathname}`);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      assert.equal(meta.width, 200);
    });

    it('rejects strings that spell no number or boolean with 422 naming the field and the value', async () => {
      const res = await post('/api/rest/images', {
        template_uuid: uuid,
        create_now: 'yes please',
        layers: {
          stars: { value: '4,5' },
          title: { font_size: '48pt' },
          box: { hide: 'maybe', opacity: '1e2' },
        },
        modifications: { width: 'wide' },
      });
      assert.equal(res.status, 422);
      const { errors } = await json(res);
      assert.match(errors['layers.stars.value'][0], /received "4,5"/);
      assert.match(errors['layers.title.font_size'][0], /received "48pt"/);
      assert.match(errors['layers.box.hide'][0], /received "maybe"/);
      assert.match(errors['layers.box.opacity'][0], /received "1e2"/);
      assert.ok(errors.create_now, JSON.stringify(errors));
      assert.ok(errors['modifications.width'], JSON.stringify(errors));
    });

    it('quotes the value received in 422s on modifications too', async () => {
      const res = await post('/api/rest/images', {
        template_uuid: uuid,
        modifications: { width: 'wide', dpi: '85', image_format: 'gif' },
      });
      assert.equal(res.status, 422);
      const { errors } = await json(res);
      assert.match(errors['modifications.width'][0], /received "wide"/);
      assert.match(errors['modifications.dpi'][0], /received "85"/);
      assert.match(errors['modifications.image_format'][0], /received "gif"/);
    });

    it('reads blank strings in JSON as not given, as Laravel does, where no text is wanted', async () => {
      const render = async (body: Record<string, unknown>) => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          create_now: true,
          modifications: { image_format: 'png' },
          ...body,
        });
        const out = await json(res);
        assert.equal(res.status, 200, JSON.stringify(out));
        assert.equal(out.status, 'finished', JSON.stringify(out));
        return Buffer.from(
          await (await fetch(`${base}${new URL(out.image_url).pathname}`)).arrayBuffer(),
        );
      };
      const plain = await render({});
      // The empty boxes of a low-code tool: the template's values stay.
      const blank = await render({
        layers: {
          box: { opacity: '', rotation: ' ', hide: '', border_width: '' },
          stars: { value: '' },
          title: { font_size: '' },
        },
        modifications: { width: '', height: '', dpi: '', image_format: 'png', color_mode: '' },
        transfer: '',
        webhook_success: '',
      });
      assert.deepEqual(blank, plain);
      const queued = await post('/api/rest/images', { template_uuid: uuid, create_now: '' });
      assert.equal(queued.status, 200, await queued.clone().text());
      assert.equal((await json(queued)).status, 'queued');
      const pdf = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid, layers: { box: { hide: '' } } }],
        create_now: '',
        modifications: { dpi: '', image_quality: '', color_mode: '', color_profile: '' },
      });
      assert.equal(pdf.status, 200, await pdf.clone().text());
    });

    it("keeps the template's value for a number left empty in a form or sent as null", async () => {
      const design = scalarDesign();
      const faded = await createTemplate(fixture.t, {
        ...design,
        layers: design.layers.map((l) => (l.name === 'box' ? { ...l, opacity: 40 } : l)),
      } as ReturnType<typeof testDesign>);
      const render = async (body: string, type: string) => {
        const res = await post('/api/rest/images', body, { 'content-type': type });
        const out = await json(res);
        assert.equal(out.status, 'finished', JSON.stringify(out));
        return Buffer.from(
          await (await fetch(`${base}${new URL(out.image_url).pathname}`)).arrayBuffer(),
        );
      };
      const asJson = (obj: unknown) => render(JSON.stringify(obj), 'application/json');
      const common = {
        template_uuid: faded,
        create_now: true,
        modifications: { image_format: 'png' },
      };
      const plain = await asJson(common);
      const form = await render(
        `template_uuid=${faded}&create_now=1&modifications[image_format]=png&layers[box][opacity]=&layers[box][rotation]=`,
        'application/x-www-form-urlencoded',
      );
      assert.deepEqual(form, plain);
      assert.deepEqual(await asJson({ ...common, layers: { box: { opacity: null } } }), plain);
      assert.notDeepEqual(await asJson({ ...common, layers: { box: { opacity: 100 } } }), plain);
    });

    it('refuses forms with more fields than it reads instead of dropping the rest', async () => {
      const fields = Array.from({ length: 2500 }, (_, i) => `layers[l${i}][text]=x`);
      const urlencoded = await post(
        '/api/rest/images',
        `template_uuid=${uuid}&${fields.join('&')}`,
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      assert.equal(urlencoded.status, 422, await urlencoded.clone().text());
      assert.match((await json(urlencoded)).message, /too many fields/);
      const form = new FormData();
      form.set('template_uuid', uuid);
      for (let i = 0; i < 2500; i++) form.set(`layers[l${i}][text]`, 'x');
      const multipart = await fetch(`${base}/api/rest/images`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      assert.equal(multipart.status, 422, await multipart.clone().text());
      assert.match((await json(multipart)).message, /too many fields/);
    });

    it('hides a layer with visibility "hidden" exactly like hide: true', async () => {
      const render = async (box: Record<string, unknown>) => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          create_now: true,
          layers: { box },
          modifications: { image_format: 'png' },
        });
        const body = await json(res);
        assert.equal(body.status, 'finished', JSON.stringify(body));
        const file = await fetch(`${base}${new URL(body.image_url).pathname}`);
        return Buffer.from(await file.arrayBuffer());
      };
      const hidden = await render({ visibility: 'hidden' });
      assert.deepEqual(hidden, await render({ hide: true }));
      const visible = await render({ visibility: 'visible' });
      assert.notDeepEqual(visible, hidden);
      assert.deepEqual(visible, await render({ hide: 'false' }));
      const bad = await post('/api/rest/images', {
        template_uuid: uuid,
        layers: { box: { visibility: 'gone' } },
      });
      assert.equal(bad.status, 422);
      assert.match(
        (await json(bad)).errors['layers.box.visibility'][0],
        /"visible" or "hidden".*"gone"/,
      );
    });

    it('reads strings in PDF page layers and PDF modifications', async () => {
      const res = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid, layers: { stars: { value: '3' }, box: { hide: '0' } } }],
        modifications: { dpi: ' 150 ' },
      });
      assert.equal(res.status, 200, await res.clone().text());
      const bad = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid, layers: { stars: { value: 'three' } } }],
      });
      assert.equal(bad.status, 422);
      assert.match((await json(bad)).errors['pages.0.layers.stars.value'][0], /"three"/);
    });

    it('accepts urlencoded bodies with bracket keys on POST /images, the alias and /pdfs', async () => {
      const form = new URLSearchParams({
        template_uuid: uuid,
        'layers[title][text]': 'Hello form',
        'layers[photo][image]': `${fixture.assets.base}/red.png`,
        'layers[stars][value]': '2.5',
        'modifications[width]': '100',
        'modifications[image_format]': 'png',
        create_now: 'true',
        passthrough: 'form-1',
        // An empty box of a form tool: null, "not given", as Laravel reads it.
        webhook_success: '',
      });
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      const res = await post('/api/rest/images', form.toString(), headers);
      const body = await json(res);
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.status, 'finished', JSON.stringify(body));
      assert.equal(body.passthrough, 'form-1');
      const file = await fetch(`${base}${new URL(body.image_url).pathname}`);
      assert.equal((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width, 100);

      const alias = await post(
        `/api/rest/${uuid}`,
        'layers[title][text]=Alias&create_now=1',
        headers,
      );
      assert.equal(alias.status, 200, await alias.clone().text());
      assert.equal((await json(alias)).status, 'finished');

      const pdf = await post(
        '/api/rest/pdfs',
        `pages[0][template_uuid]=${uuid}&pages[0][layers][title][text]=P1&pages[1][template_uuid]=${uuid}`,
        headers,
      );
      assert.equal(pdf.status, 200, await pdf.clone().text());

      const merge = await post(
        '/api/rest/pdfs/merge',
        `urls[]=${encodeURIComponent(`${fixture.assets.base}/one.pdf`)}&urls[]=${encodeURIComponent(`${fixture.assets.base}/two.pdf`)}`,
        headers,
      );
      assert.equal(merge.status, 200, await merge.clone().text());

      const bad = await post('/api/rest/images', `template_uuid=${uuid}&create_now=soon`, headers);
      assert.equal(bad.status, 422);
      assert.match(JSON.stringify((await json(bad)).errors), /create_now/);
    });

    it('accepts multipart bodies with bracket keys, and rejects a file part naming its field', async () => {
      const form = new FormData();
      form.set('template_uuid', uuid);
      form.set('layers[title][text]', 'Multipart');
      form.set('layers[box][hide]', 'true');
      form.set('create_now', 'true');
      const res = await fetch(`${base}/api/rest/images`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = await json(res);
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.status, 'finished');

      const withFile = new FormData();
      withFile.set('template_uuid', uuid);
      withFile.set('layers[photo][image]', new Blob([Buffer.from('x')]), 'photo.png');
      const rejected = await fetch(`${base}/api/rest/images`, {
        method: 'POST',
        headers: auth,
        body: withFile,
      });
      assert.equal(rejected.status, 422);
      const { errors } = await json(rejected);
      assert.match(errors['layers.photo.image'][0], /file/);
    });

    it('reports a failed render with errors and one error string, and the template_uuid', async () => {
      const res = await post('/api/rest/images', {
        template_uuid: uuid,
        create_now: true,
        layers: { photo: { image: `${fixture.assets.base}/text.txt` } },
      });
      const body = await json(res);
      assert.equal(body.status, 'error', JSON.stringify(body));
      assert.ok(body.errors.length > 0);
      assert.equal(body.error, body.errors.join('; '));
      assert.equal(body.template_uuid, uuid);
    });

    it('sends error and template_uuid in webhook bodies too', async () => {
      const received: Json[] = [];
      const hook = http.createServer((req, res) => {
        let text = '';
        req.on('data', (c: Buffer) => (text += c.toString()));
        req.on('end', () => {
          received.push(JSON.parse(text) as Json);
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      try {
        const failed = await json(
          await post('/api/rest/images', {
            template_uuid: uuid,
            webhook_error: hookUrl,
            layers: { photo: { image: `${fixture.assets.base}/text.txt` } },
          }),
        );
        const ok = await json(
          await post('/api/rest/images', { template_uuid: uuid, webhook_success: hookUrl }),
        );
        // Deliveries are asynchronous: wait for both (the test's own time limit bounds this).
        while (received.length < 2) await new Promise((r) => setTimeout(r, 50));
        const byId = new Map(received.map((b) => [b.id, b]));
        const error = byId.get(failed.id)!;
        assert.equal(error.status, 'error');
        assert.equal(error.template_uuid, uuid);
        assert.equal(error.error, error.errors.join('; '));
        const success = byId.get(ok.id)!;
        assert.equal(success.status, 'finished');
        assert.equal(success.template_uuid, uuid);
        assert.equal(success.error, null);
      } finally {
        hook.closeAllConnections();
        await new Promise((resolve) => hook.close(resolve));
      }
    });

    it('lists shape layers as "shape" in template objects', async () => {
      const res = await fetch(`${base}/api/rest/templates/${uuid}`, { headers: auth });
      const layers = (await json(res)).layers as Array<{ name: string; type: string }>;
      assert.deepEqual(
        layers.map((l) => l.type),
        ['text', 'picture', 'shape', 'rating'],
      );
    });

    it('answers the n8n credential check: 200 for a token, 401 otherwise', async () => {
      const ok = await fetch(`${base}/api/n8n/auth`, {
        headers: { ...auth, 'x-placid-integration': 'n8n' },
      });
      assert.equal(ok.status, 200);
      assert.equal((await json(ok)).project.title, 'Test project');
      const none = await fetch(`${base}/api/n8n/auth`);
      assert.equal(none.status, 401);
      assert.deepEqual(await json(none), { message: 'Unauthenticated.' });
      const wrong = await fetch(`${base}/api/n8n/auth`, {
        headers: { authorization: 'Bearer nope' },
      });
      assert.equal(wrong.status, 401);
    });

    it('keeps reserved names out of the template alias; videos have their own routes', async () => {
      const videos = await post('/api/rest/videos', { clips: [] });
      assert.equal(videos.status, 422);
      assert.ok((await json(videos)).errors.clips);
      const got = await fetch(`${base}/api/rest/videos/1`, { headers: auth });
      assert.equal(got.status, 404);
      for (const name of ['u', 'n8n', 'Videos']) {
        const res = await post(`/api/rest/${name}`, {});
        assert.notEqual(res.status, 200);
        assert.doesNotMatch((await json(res)).message, /template/i);
      }
    });
  });
}
