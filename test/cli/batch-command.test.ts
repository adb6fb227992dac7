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
import { freePort, restClient, ServerProcess } from '../helpers/server-process.ts';

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
        // Row 5's title is too long for its box: the API warns, and the batch prints it.
        const title = i === 2 ? '"Hello, ""world"""' : i === 5 ? 'long '.repeat(60) : `Row ${i}`;
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
      assert.match(first.stdout, /; 1 with warnings \(above\)/);
      assert.equal(
        first.stderr.match(/row 5 \(0005\.png\): warning: layers\.title: the text does not fit/g)
          ?.length,
        1,
        first.stderr,
      );
      // No line twice: the closing progress line does not repeat the one before it.
      const printed = first.stderr.split('\n').filter(Boolean);
      assert.deepEqual(
        printed.filter((l, i) => l === printed[i - 1]),
        [],
      );
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
    // A wrong token, template or address stops before any row, with one message.
    const wrongToken = await batchHere(base, { IMPRINT_TOKEN: 'imp_live_wrong' });
    assert.equal(wrongToken.status, 1);
    assert.match(wrongToken.stderr, /reading template \w+ answered HTTP 401.*nothing was rendered/);
    const unknown = await batchHere(['--template', 'nosuchtemplate', '--data', data, '--out', out]);
    assert.equal(unknown.status, 1);
    assert.equal(unknown.stderr.match(/404/g)?.length, 1, unknown.stderr);
    assert.match(unknown.stderr, /template nosuchtemplate not found \(HTTP 404\)/);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const away = await batchHere(base, { IMPRINT_URL: closed });
    assert.equal(away.status, 1);
    assert.ok(
      away.stderr.includes(`cannot reach the server at ${closed} (ECONNREFUSED)`),
      away.stderr,
    );
    assert.ok(!fs.existsSync(out), 'nothing was written');
    fs.writeFileSync(data, '{"not": "an array"}');
    const notArray = await batchHere(base);
    assert.equal(notArray.status, 1);
    assert.match(notArray.stderr, /JSON array/);
  });

  it('stops before any row on columns that match no dynamic layer, or goes on when allowed', async () => {
    const data = path.join(work, 'typo.csv');
    fs.writeFileSync(data, 'titel,photo.imag,box.background_color\nA,x,#ff0000\nB,y,#00ff00\n');
    const out = path.join(work, 'typo');
    const base = ['--template', uuid, '--data', data, '--out', out];
    const refused = await batchHere(base);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /2 columns match no dynamic layer of template \w+; nothing was rendered/,
    );
    assert.match(
      refused.stderr,
      /column "titel": the template has no layer "titel"; did you mean "title"\?/,
    );
    assert.match(
      refused.stderr,
      /column "photo\.imag": .*no property "imag"; did you mean "image"\?/,
    );
    assert.match(refused.stderr, /add --allow-unknown-columns to render anyway/);
    assert.doesNotMatch(refused.stderr, /box/);
    assert.ok(!fs.existsSync(out), 'nothing was written');

    const allowed = await batchHere([...base, '--allow-unknown-columns']);
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.match(allowed.stdout, /2 rows: 2 rendered/);
    // Said once for the batch, not again as each row's warning.
    assert.equal(allowed.stderr.match(/"titel"/g)?.length, 2, allowed.stderr);
    assert.doesNotMatch(allowed.stderr, /row \d+ .*warning/);
    assert.doesNotMatch(allowed.stdout, /with warnings/);
  });

  it('stops at the first 404 once the template is gone, with one message', async () => {
    const api = restClient(imprint.base, project.token);
    const doomed = (await api('POST', '/templates', { title: 'Doomed', width: 400, height: 200 }))
      .body.uuid as string;
    assert.equal((await api('PUT', `/templates/${doomed}/design`, testDesign())).status, 200);
    const data = path.join(work, 'many.json');
    fs.writeFileSync(
      data,
      JSON.stringify(Array.from({ length: 12 }, (_, i) => ({ title: `${i}` }))),
    );
    const out = path.join(work, 'doomed');
    const run = batchHere([
      '--template',
      doomed,
      '--data',
      data,
      '--out',
      out,
      '--concurrency',
      '1',
    ]);
    // The template disappears once the first file is written.
    for (let i = 0; !fs.existsSync(path.join(out, '0001.png')); i++) {
      assert.ok(i < 6000, 'the first row was never written');
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal((await api('DELETE', `/templates/${doomed}`)).status, 200);
    const res = await run;
    assert.equal(res.status, 1, res.stderr);
    const rendered = Number(/12 rows: (\d+) rendered/.exec(res.stdout)?.[1]);
    const notStarted = Number(/(\d+) not started/.exec(res.stdout)?.[1]);
    assert.ok(rendered >= 1 && notStarted >= 1 && rendered + notStarted === 12, res.stdout);
    assert.match(res.stdout, / 0 failed/);
    assert.equal(res.stderr.match(/HTTP 404/g)?.length, 1, res.stderr);
    assert.match(
      res.stderr,
      /stopped at row \d+ \(\d+\.png\): HTTP 404.*\nevery later row would get the same answer/,
    );
  });
});
