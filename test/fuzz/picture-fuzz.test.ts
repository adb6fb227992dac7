/**
 * Picture fuzz suite (issue 11): PNG, JPEG, WebP, GIF and SVG pictures, damaged part by part, are
 * served from a local HTTP server (the server runs with IMPRINT_ALLOW_PRIVATE_URLS=1) and drawn
 * by a picture layer with create_now on a real `imprint serve`. No answer may be a 5xx: the image
 * is finished, or ends in error with a reason, or the request gets a 4xx; and the server keeps
 * answering. FUZZ_SEED / FUZZ_SCALE: see fuzz-settings.ts.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { forEachMutant, FuzzReport } from './fuzz-report.ts';
import { fuzzCount, fuzzSeed, Rng } from './fuzz-settings.ts';
import { pictureMutant, pictureSeeds, type PictureSeed } from './picture-mutants.ts';

const seed = fuzzSeed();
const COUNT = fuzzCount(150);
const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

describe(`picture fuzz (${COUNT} mutants, FUZZ_SEED=${seed})`, () => {
  let srv: ServerProcess;
  let token: string;
  let template: string;
  let pictures: http.Server;
  let picturesBase: string;
  const served = new Map<string, { type: string; data: Buffer }>();
  before(async () => {
    pictures = http.createServer((req, res) => {
      const file = served.get(req.url ?? '');
      res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
      res.end(file?.data ?? 'not found');
    });
    await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
    picturesBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
    srv = await ServerProcess.create({
      prefix: 'imprint-picture-fuzz-',
      env: { LOG_LEVEL: 'fatal', IMPRINT_ALLOW_PRIVATE_URLS: '1' },
    });
    await srv.start();
    ({ token } = srv.createProject('Picture fuzz'));
    const api = restClient(srv.base, token);
    template = (await api('POST', '/templates', { title: 'Fuzz', width: 160, height: 100 })).body
      .uuid;
    const design = {
      width: 160,
      height: 100,
      layers: [
        { name: 'photo', type: 'picture', x: 10, y: 10, width: 120, height: 80, image: null },
      ],
    };
    assert.equal((await api('PUT', `/templates/${template}/design`, design)).status, 200);
  });
  after(async () => {
    await srv?.close();
    pictures?.closeAllConnections();
    await new Promise((r) => pictures?.close(r));
  });

  it('never answers 5xx for a damaged picture and keeps serving', async () => {
    const report = new FuzzReport('picture', seed);
    const api = restClient(srv.base, token);
    const sources: PictureSeed[] = await pictureSeeds();
    const tally = { finished: 0, error: 0, refused: 0 };
    await forEachMutant(COUNT, 2, async (index) => {
      const rng = new Rng(seed, index);
      const source = rng.pick(sources);
      const mutant = pictureMutant(source, rng);
      const url = `/m/${index}.${source.format}`;
      served.set(url, { type: TYPES[source.format], data: mutant.data });
      const fail = (problem: string) =>
        report.fail(
          { index, source: source.name, description: mutant.description, problem },
          mutant.data,
        );
      let res: Awaited<ReturnType<typeof api>>;
      try {
        res = await api('POST', '/images', {
          template_uuid: template,
          create_now: true,
          layers: { photo: { image: `${picturesBase}${url}` } },
        });
      } catch (err) {
        return fail(`request failed: ${(err as Error).message}`);
      } finally {
        served.delete(url);
      }
      if (res.status >= 500) return fail(`answered ${res.status}: ${JSON.stringify(res.body)}`);
      if (res.status !== 200) {
        tally.refused++;
        return;
      }
      if (res.body.status === 'finished') tally.finished++;
      else if (res.body.status === 'error' && res.body.errors?.length) {
        tally.error++;
        if (/internal error/.test(res.body.errors.join(' ')))
          fail(`ended with an internal error: ${JSON.stringify(res.body.errors)}`);
      } else fail(`ended ${JSON.stringify(res.body)}`);
      if (index % 10 === 0 && (await fetch(`${srv.base}/health`)).status !== 200)
        fail('/health stopped answering 200');
    });
    assert.equal((await fetch(`${srv.base}/health`)).status, 200, 'the server still answers');
    assert.equal(srv.server?.exitCode, null, 'the server process is alive');
    console.log(`picture fuzz, FUZZ_SEED=${seed}: ${JSON.stringify(tally)}`);
    report.check();
  });
});
