/**
 * `imprint batch` against a real `imprint serve`: ten CSV rows with one bad picture render into a
 * folder (numbered and `filename` names), the run exits 1 naming the failed row, and a second run
 * skips every file already written. Also JSON rows with PDFs, and the refusals of bad options.
 * The first run spawns the real binary; the others run the program in-process, which saves
 * seconds of TypeScript loading per run.
 */
import assert from 'node:assert/strict';
import { run } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCliInProcess } from '../helpers/cli-in-process.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

describe('imprint batch with a running server', () => {
  let imprint: ServerProcess;
  let assets: AssetServer;
  let project: { id: string; token: string };
  let uuid: string;
  let work: string;

  /**
   * Runs `imprint batch …` with IMPRINT_URL and IMPRINT_TOKEN set unless `env` says otherwise.
   * Asynchronously: the picture server of this test process has to answer meanwhile.
   */
  const batch = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['bin/imprint.mjs', 'batch', ...args], {
      env: { ...imprint.env, IMPRINT_URL: imprint.base, IMPRINT_TOKEN: project.token, ...env },
      cwd: ROOT,
      limitMs: 120_000,
    });

  /** Runs `imprint batch …` in-process, like `batch`; the environment is set for the run only. */
  const batchHere = async (args: string[], env: Record<string, string> = {}) => {
    const vars = { IMPRINT_URL: imprint.base, IMPRINT_TOKEN: project.token, ...env };
    const run = await runCliInProcess(['batch', ...args], { env: vars });
    return { status: run.code, stdout: run.stdout, stderr: run.stderr };
  };

  before(async () => {
    assets = await startAssetServer();
    imprint = await ServerProcess.create({
      prefix: 'imprint-batch-',
      // A busy machine can take long to load the server's TypeScript.
      readyMs: 120_000,
      env: { IMPRINT_RENDER_THREADS: '1', LOG_LEVEL: 'warn' },
    });
    project = imprint.createProject('Batch');
    await imprint.start();
    const api = restClient(imprint.base, project.token);
    uuid = (await api('POST', '/templates', { title: 'Card', width: 400, height: 200 })).body.uuid;
    assert.equal((await api('PUT', `/templates/${uuid}/design`, testDesign())).status, 200);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-batch-work-'));
  });
  after(async () => {
    await imprint?.close();
    await assets?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'renders one file per CSV row, names the failed row, and skips done rows on a rerun',
    { timeout: 120_000 },
    async () => {
      const lines = ['title,photo.image,box.background_color,filename'];
      for (let i = 1; i <= 10; i++) {
        const photo = i === 7 ? `${assets.base}/nope.png` : `${assets.base}/red.png`;
        // A quoted cell with a comma and a quote; two rows name their file.
        const title = i === 2 ? '"Hello, ""world"""' : `Row ${i}`;
        const name = i === 3 ? 'third' : i === 4 ? '../escape.png' : '';
        lines.push(`${title},${photo},#00${i % 10}0ff,${name}`);
      }
      const data = path.join(work, 'rows.csv');
      fs.writeFileSync(data, `${lines.join('\n')}\n`);
      const out = path.join(work, 'out');

      const first = await batch([
        '--template',
        uuid,
        '--data',
        data,
        '--out',
        out,
        '--concurrency',
        '3',
      ]);
      assert.equal(first.status, 1, first.stderr);
      assert.match(first.stdout, /10 rows: 9 rendered, 0 skipped .*, 1 failed/);
      assert.match(first.stderr, /failed rows:\n {2}row 7 \(0007\.png\): .*nope\.png/);
      // Not a terminal: plain progress lines with count, rate and ETA.
      assert.match(first.stderr, /\d+\/10 .*rows\/s {2}ETA /);
      const files = fs.readdirSync(out).sort();
      assert.deepEqual(
        files,
        [
          '__escape.png',
          '0001.png',
          '0002.png',
          '0005.png',
          '0006.png',
          '0008.png',
          '0009.png',
          '0010.png',
          'third.png',
        ].sort(),
      );
      for (const f of files)
        assert.ok(fs.readFileSync(path.join(out, f)).subarray(0, 4).equals(PNG_START), f);
      assert.ok(!fs.existsSync(path.join(work, 'escape.png')), 'a filename never leaves --out');

      const second = await batchHere(['--template', uuid, '--data', data, '--out', out]);
      assert.equal(second.status, 1, second.stderr);
      assert.match(second.stdout, /10 rows: 0 rendered, 9 skipped .*, 1 failed/);
      assert.match(second.stderr, /row 7 \(0007\.png\)/);

      // Once the bad row is fixed, only it renders.
      fs.writeFileSync(data, fs.readFileSync(data, 'utf8').replace('nope.png', 'red.png'));
      const third = await batchHere([
        '--template',
        uuid,
        '--data',
        data,
        '--out',
        out,
        '--format',
        'png',
      ]);
      assert.equal(third.status, 0, third.stderr);
      assert.match(third.stdout, /10 rows: 1 rendered, 9 skipped .*, 0 failed/);
      assert.ok(fs.existsSync(path.join(out, '0007.png')));
    },
  );

  it(
    'renders JSON rows as PDFs and JPEGs with --url and --token',
    { timeout: 60_000 },
    async () => {
      const data = path.join(work, 'rows.json');
      fs.writeFileSync(
        data,
        JSON.stringify([
          { title: 'One' },
          { title: { text: 'Two' }, filename: 'two' },
          { 'title.text': 'Three' },
        ]),
      );
      const opts = ['--url', imprint.base, '--token', project.token];
      const env = { IMPRINT_URL: '', IMPRINT_TOKEN: '' };
      const pdfs = path.join(work, 'pdfs');
      const res = await batchHere(
        ['--template', uuid, '--data', data, '--out', pdfs, '--format', 'pdf', ...opts],
        env,
      );
      assert.equal(res.status, 0, res.stderr);
      assert.deepEqual(fs.readdirSync(pdfs).sort(), ['0001.pdf', '0003.pdf', 'two.pdf']);
      assert.equal(fs.readFileSync(path.join(pdfs, 'two.pdf')).subarray(0, 5).toString(), '%PDF-');
      const jpgs = path.join(work, 'jpgs');
      const jpg = await batchHere(
        ['--template', uuid, '--data', data, '--out', jpgs, '--format', 'jpg', ...opts],
        env,
      );
      assert.equal(jpg.status, 0, jpg.stderr);
      assert.ok(fs.readFileSync(path.join(jpgs, 'two.jpg')).subarray(0, 3).equals(JPEG_START));
    },
  );

  it('names the failing option or row problem', async () => {
    const data = path.join(work, 'bad.json');
    fs.writeFileSync(data, JSON.stringify([{ title: 'ok' }]));
    const out = path.join(work, 'never');
    const base = ['--template', uuid, '--data', data, '--out', out];
    assert.match((await batchHere(base, { IMPRINT_URL: '' })).stderr, /--url or IMPRINT_URL/);
    assert.match((await batchHere(base, { IMPRINT_TOKEN: '' })).stderr, /--token or IMPRINT_TOKEN/);
    assert.match(
      (await batchHere([...base, '--format', 'gif'])).stderr,
      /--format.*png, jpg or pdf/,
    );
    assert.match(
      (await batchHere([...base, '--concurrency', '0'])).stderr,
      /--concurrency.*1 to 64/,
    );
    const wrongToken = await batchHere(base, { IMPRINT_TOKEN: 'imp_live_wrong' });
    assert.equal(wrongToken.status, 1);
    assert.match(wrongToken.stderr, /row 1 \(0001\.png\): HTTP 401/);
    const unknown = await batchHere(['--template', 'nosuchtemplate', '--data', data, '--out', out]);
    assert.match(unknown.stderr, /row 1 .*HTTP (404|422)/);
    fs.writeFileSync(data, '{"not": "an array"}');
    const notArray = await batchHere(base);
    assert.equal(notArray.status, 1);
    assert.match(notArray.stderr, /JSON array/);
  });
});
