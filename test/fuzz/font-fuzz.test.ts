/**
 * Font fuzz suite (issue 11): real TTF, OTF, WOFF and WOFF2 files with random bytes in every
 * table (and, for WOFF/WOFF2, in headers, directories, compressed data and decoded tables) are
 * uploaded to a real `imprint serve` over HTTP. Every upload must end in 201 or 422 (naming
 * `file`), every accepted font must render or fail its image cleanly, and the server must keep
 * answering. FUZZ_SEED / FUZZ_SCALE: see fuzz-settings.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FONT_FIXTURE_DIR, fontFixture, uploadBody } from '../fixtures/fonts/font-fixtures.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { fontMutant, type FontSeed } from './font-mutants.ts';
import { forEachMutant, FuzzReport } from './fuzz-report.ts';
import { fuzzCount, fuzzSeed, Rng } from './fuzz-settings.ts';

const seed = fuzzSeed();
const COUNT = fuzzCount(240);
const ROOT = path.resolve(FONT_FIXTURE_DIR, '../../..');
const dejavu = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

/** The real fonts mutated: the four fixtures, two more WOFF/WOFF2, a Hebrew TTF, a full DejaVu. */
function seeds(): FontSeed[] {
  const file = (p: string) => fs.readFileSync(path.join(ROOT, p));
  return [
    { name: 'dejavu-sans-latin.ttf', format: 'ttf', data: fontFixture('ttf') },
    { name: 'dejavu-sans-latin.otf', format: 'otf', data: fontFixture('otf') },
    { name: 'dejavu-sans-latin.woff', format: 'woff', data: fontFixture('woff') },
    { name: 'dejavu-sans-latin.woff2', format: 'woff2', data: fontFixture('woff2') },
    {
      name: 'dejavu-mono-ascii.woff',
      format: 'woff',
      data: file('test/render/text/fixtures/dejavu-mono-ascii.woff'),
    },
    {
      name: 'dejavu-mono-ascii.woff2',
      format: 'woff2',
      data: file('test/render/text/fixtures/dejavu-mono-ascii.woff2'),
    },
    {
      name: 'NotoSansHebrew-Regular.ttf',
      format: 'ttf',
      data: file('assets/fonts/noto/NotoSansHebrew-Regular.ttf'),
    },
    {
      name: 'DejaVuSans-ExtraLight.ttf',
      format: 'ttf',
      data: fs.readFileSync(path.join(dejavu, 'DejaVuSans-ExtraLight.ttf')),
    },
  ];
}

describe(`font fuzz (${COUNT} mutants, FUZZ_SEED=${seed})`, () => {
  let srv: ServerProcess;
  let token: string;
  let template: string;
  before(async () => {
    srv = await ServerProcess.create({ prefix: 'imprint-font-fuzz-', env: { LOG_LEVEL: 'fatal' } });
    await srv.start();
    ({ token } = srv.createProject('Font fuzz'));
    const api = restClient(srv.base, token);
    template = (await api('POST', '/templates', { title: 'Fuzz', width: 240, height: 60 })).body
      .uuid;
    const design = {
      width: 240,
      height: 60,
      layers: [
        {
          name: 'title',
          type: 'text',
          x: 0,
          y: 0,
          width: 240,
          height: 60,
          text: 'Hamburgefonstiv 0123 שלום',
          font_size: 24,
        },
      ],
    };
    assert.equal((await api('PUT', `/templates/${template}/design`, design)).status, 200);
  });
  after(() => srv?.close());

  it('answers every mutant upload with 201 or 422, renders accepted ones cleanly, keeps serving', async () => {
    const report = new FuzzReport('font', seed);
    const api = restClient(srv.base, token);
    const sources = seeds();
    const tally = { created: 0, refused: 0, rendered: 0, renderFailed: 0 };
    await forEachMutant(COUNT, 2, async (index) => {
      const rng = new Rng(seed, index);
      const source = rng.pick(sources);
      const mutant = fontMutant(source, rng);
      const fail = (problem: string) =>
        report.fail(
          { index, source: source.name, description: mutant.description, problem },
          mutant.data,
        );
      const { payload, headers } = uploadBody(mutant.data, `fuzz.${source.format}`);
      let res: Response;
      try {
        res = await fetch(`${srv.base}/api/rest/fonts`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: payload,
        });
      } catch (err) {
        return fail(`upload request failed: ${(err as Error).message}`);
      }
      const body = (await res.json()) as { uuid?: string; errors?: Record<string, string[]> };
      if (res.status === 422) {
        tally.refused++;
        if (!body.errors?.file?.length) fail(`422 without a file error: ${JSON.stringify(body)}`);
        return;
      }
      if (res.status !== 201) return fail(`upload answered ${res.status}: ${JSON.stringify(body)}`);
      tally.created++;
      // An accepted font must not take a render thread (or the process) down either.
      const image = await api('POST', '/images', {
        template_uuid: template,
        create_now: true,
        layers: { title: { font: body.uuid } },
      });
      if (image.status !== 200)
        return fail(`render answered ${image.status}: ${JSON.stringify(image.body)}`);
      if (image.body.status === 'finished') tally.rendered++;
      else if (image.body.status === 'error' && image.body.errors?.length) tally.renderFailed++;
      else fail(`render ended ${JSON.stringify(image.body)}`);
      if (index % 10 === 0 && (await fetch(`${srv.base}/health`)).status !== 200)
        fail('/health stopped answering 200');
    });
    assert.equal((await fetch(`${srv.base}/health`)).status, 200, 'the server still answers');
    assert.equal(srv.server?.exitCode, null, 'the server process is alive');
    console.log(`font fuzz, FUZZ_SEED=${seed}: ${JSON.stringify(tally)}`);
    report.check();
  });
});
