/**
 * `npm run bench:files`: downloads one large stored file through GET /files/<key> over real
 * HTTP, from local disk and from an S3-protocol server (s3rver in its own process), and prints
 * throughput and how far the API process's memory rose above its resting size: streaming keeps
 * that far below the file size. A benchmark, not a test.
 *   BENCH_FILE_MB   size of the file (default 64)
 *   BENCH_N         downloads per storage (default 5)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { newFileKey } from '../src/storage/file-url.ts';
import { createHttpApp, createRuntime } from '../src/main.ts';
import { startS3 } from '../test/helpers/s3rver.ts';

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 64);
const N = Number(process.env.BENCH_N ?? 5);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function run(name: string, env: Record<string, string>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-bench-files-'));
  const config = loadConfig({
    ...process.env,
    IMPRINT_DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...env,
  });
  const runtime = await createRuntime(config);
  const app = await createHttpApp(runtime, false);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const key = newFileKey('pdfs', 'big.pdf');
  // The bytes are made inside the call, so nothing here keeps them once they are stored.
  await runtime.services.storage.put(key, randomBytes(FILE_MB * 1024 * 1024), 'application/pdf');
  global.gc?.();
  const resting = process.memoryUsage().rss;
  let peak = resting;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  for (let i = 0; i < N; i++) {
    const res = await fetch(`${base}/files/${key}`);
    let got = 0;
    for await (const chunk of res.body!) got += (chunk as Uint8Array).length;
    if (got !== FILE_MB * 1024 * 1024) throw new Error(`${name}: got ${got} bytes`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `${name.padEnd(6)} ${N} × ${FILE_MB} MB: ${((N * FILE_MB) / seconds).toFixed(0)} MB/s, ` +
      `RSS at rest ${mb(resting)}, peak +${mb(peak - resting)} (file ${FILE_MB} MB)`,
  );
  await app.close();
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await run('local', {});
const s3 = await startS3();
try {
  // The SDK reads credentials from the environment (its standard chain), as in production.
  Object.assign(process.env, s3.env('bench'));
  await run('s3', s3.env('bench'));
} finally {
  await s3.close();
}
