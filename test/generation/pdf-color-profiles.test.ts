/**
 * Black and cmyk() colours and imported ICC profiles through POST /pdfs: bad values are 422s
 * naming the field; a CMYK name without a profile is refused until the owner imports one, then
 * its PDFs are converted through it and carry it as their output intent, on every process that
 * shares the database.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { separations } from '../render/output/separations.ts';
import { pathOf } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

const GS_CMYK = '/usr/share/color/icc/ghostscript/default_cmyk.icc';

/** The decoded ICC bytes of the first output intent. */
async function intentProfile(pdf: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  const intent = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
  const stream = intent.lookup(PDFName.of('DestOutputProfile'));
  assert.ok(stream instanceof PDFRawStream);
  return Buffer.from(decodePDFRawStream(stream).decode());
}

for (const { kind, skip } of testDbKinds()) {
  describe(
    `PDF black, cmyk() colours and imported profiles on ${kind}`,
    {
      skip: skip || (!fs.existsSync(GS_CMYK) && 'no Ghostscript profile'),
    },
    () => {
      let fixture: GenerationFixture | undefined;
      let t: TestApp;
      let uuid: string;
      before(async () => {
        fixture = await startGenerationFixture(kind);
        ({ t, uuid } = fixture);
      });
      after(async () => fixture?.close());

      const post = (payload: Record<string, unknown>) =>
        t.request({
          method: 'POST',
          url: '/api/rest/pdfs',
          payload: { create_now: true, ...payload },
        });
      const file = async (res: Awaited<ReturnType<typeof post>>) => {
        assert.equal(res.statusCode, 200, res.body);
        const got = await t.request({
          method: 'GET',
          url: pathOf(res.json().pdf_url),
          token: null,
        });
        return got.rawPayload;
      };

      it('answers 422 naming the field for a bad black, a bad cmyk() colour and a profile not imported', async () => {
        const bad = await post({
          pages: [
            { template_uuid: uuid, layers: { box: { background_color: 'cmyk(0,120,0,0)' } } },
          ],
          modifications: { color_mode: 'cmyk', black: 'grey' },
        });
        assert.equal(bad.statusCode, 422, bad.body);
        const errors = bad.json().errors;
        assert.ok(errors['modifications.black'], bad.body);
        assert.ok(errors['pages.0.layers.box.background_color'], bad.body);

        const missing = await post({
          pages: [{ template_uuid: uuid }],
          modifications: { color_profile: 'cmyk-profile-1' },
        });
        assert.equal(missing.statusCode, 422, missing.body);
        assert.match(
          missing.json().errors['modifications.color_profile'][0],
          /imprint icc import <file> --name cmyk-profile-1/,
        );
      });

      it('answers 422 naming the field for a bad spot() and for a second alternate of one spot', async () => {
        const spot = (inks: string) => `spot("PANTONE 185 C",${inks})`;
        const bad = await post({
          pages: [{ template_uuid: uuid, layers: { box: { background_color: spot('0,100,81') } } }],
        });
        assert.equal(bad.statusCode, 422, bad.body);
        assert.match(
          bad.json().errors['pages.0.layers.box.background_color'][0],
          /spot\("PANTONE 185 C", 0, 100, 81, 4\)/,
        );
        const twice = await post({
          pages: [
            { template_uuid: uuid, layers: { box: { background_color: spot('0,100,81,4') } } },
            { template_uuid: uuid, layers: { box: { background_color: spot('0,90,80,0') } } },
          ],
        });
        assert.equal(twice.statusCode, 422, twice.body);
        assert.deepEqual(Object.keys(twice.json().errors), ['pages.1.layers.box.background_color']);
        assert.match(
          twice.json().errors['pages.1.layers.box.background_color'][0],
          /cmyk\(0,100,81,4\) of the spot colour "PANTONE 185 C" at pages\.0\.layers\.box/,
        );
        // The same alternate on both pages is one ink: its plate holds the box.
        const pdf = await file(
          await post({
            pages: [
              { template_uuid: uuid, layers: { box: { background_color: spot('0,100,81,4') } } },
              { template_uuid: uuid, layers: { box: { background_color: spot('0,100,81,4') } } },
            ],
            modifications: { color_mode: 'cmyk' },
          }),
        );
        const sep = await separations(pdf);
        assert.equal(sep.ink('PANTONE 185 C', 340, 140), 1);
        assert.equal(sep.ink('Magenta', 340, 140), 0);
      });

      it(
        'prints black on K and cmyk() inks exactly, then uses an imported profile as the output intent',
        { timeout: 60_000 },
        async () => {
          const plain = await file(
            await post({
              pages: [
                { template_uuid: uuid, layers: { box: { background_color: 'cmyk(0,100,100,0)' } } },
              ],
              modifications: { color_mode: 'cmyk' },
            }),
          );
          const sep = await separations(plain);
          // The test design: black "Hello" at (10, 10), the box at (300, 100) 80 × 80.
          const title = { x: 10, y: 10, width: 200, height: 60 };
          assert.ok(sep.inked('Black', title) > 200);
          assert.equal(sep.maxInk('Cyan', title), 0);
          assert.deepEqual(
            (['Cyan', 'Magenta', 'Yellow', 'Black'] as const).map((p) => sep.ink(p, 340, 140)),
            [0, 1, 1, 0],
          );

          const data = fs.readFileSync(GS_CMYK);
          await t.runtime.services.colorProfiles.put(
            {
              name: 'cmyk-profile-1',
              description: 'Artifex CMYK SWOP Profile',
              color_space: 'cmyk',
              size_bytes: data.length,
              sha256: createHash('sha256').update(data).digest('hex'),
              created_at: new Date().toISOString(),
            },
            data,
          );
          const pdf = await file(
            await post({
              pages: [{ template_uuid: uuid }],
              modifications: { color_profile: 'cmyk-profile-1', black: 'rich' },
            }),
          );
          assert.ok(
            (await intentProfile(pdf)).equals(data),
            'the imported profile is the output intent',
          );
          // rich: the black title is converted, so it has cyan too.
          assert.ok((await separations(pdf)).maxInk('Cyan', title) > 0.1);

          assert.equal(await t.runtime.services.colorProfiles.remove('cmyk-profile-1'), true);
          const removed = await post({
            pages: [{ template_uuid: uuid }],
            modifications: { color_profile: 'cmyk-profile-1' },
          });
          assert.equal(removed.statusCode, 422, removed.body);
        },
      );
    },
  );
}
