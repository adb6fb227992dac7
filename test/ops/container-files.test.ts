/**
 * The lint step of the Dockerfile and docker-compose.yml (no container engine runs where the tests
 * run): dockerfile-utils' validator, the image's structure (multi-stage, non-root, Ghostscript and
 * fonts, HEALTHCHECK, sources that exist), and the compose file's services and settings, whose
 * variable names must be ones Imprint reads.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const instructions = dockerfile.getInstructions();
  const args = (i: Instruction) => i.getArguments().map((a) => a.getValue());
  const finalStage = instructions.slice(
    instructions.lastIndexOf(instructions.filter((i) => i.getKeyword() === 'FROM').at(-1)!),
  );

  it('passes dockerfile-utils validation without problems', () => {
    assert.deepEqual(
      validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`),
      [],
    );
  });

  it('builds in stages and runs the final stage as a non-root user', () => {
    assert.ok(dockerfile.getFROMs().length >= 2, 'multi-stage');
    const users = finalStage.filter((i) => i.getKeyword() === 'USER').map((i) => args(i)[0]);
    assert.ok(users.length > 0, 'the final stage sets USER');
    assert.ok(!['root', '0'].includes(users.at(-1)!), `runs as ${users.at(-1)}`);
  });

  it('installs Ghostscript and fonts, and checks /health', () => {
    const installs = finalStage
      .filter((i) => i.getKeyword() === 'RUN')
      .map((i) => i.getArgumentsContent() ?? '')
      .join(' ');
    assert.match(installs, /apt-get install[^&]*\bghostscript\b/);
    assert.match(installs, /apt-get install[^&]*\bfonts-/);
    const health = finalStage.find((i) => i.getKeyword() === 'HEALTHCHECK');
    assert.ok(health, 'HEALTHCHECK');
    assert.match(health.getArgumentsContent() ?? '', /scripts\/healthcheck\.mjs/);
    assert.match(read('scripts/healthcheck.mjs'), /\/health/);
  });

  it('copies only files that exist and runs the compiled CLI', () => {
    for (const copy of instructions.filter((i) => i.getKeyword() === 'COPY')) {
      // Files copied from the build stage are that stage's output, not the repository's.
      if (/--from=/.test(copy.getTextContent())) continue;
      for (const source of args(copy).slice(0, -1))
        assert.ok(fs.existsSync(path.join(ROOT, source)), `COPY ${source}: no such file`);
    }
    const run = instructions.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getTextContent());
    assert.ok(
      run.some((r) => /npm run build/.test(r)),
      'the build stage compiles',
    );
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    assert.ok(pkg.scripts.build, 'package.json has a build script');
    const entry = instructions.find((i) => i.getKeyword() === 'ENTRYPOINT')!;
    assert.deepEqual(JSON.parse(entry.getArgumentsContent()!), ['node', 'bin/imprint.mjs']);
  });
});

describe('docker-compose.yml', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed YAML document
  const compose = parse(read('docker-compose.yml'), { merge: true }) as any;
  const services = compose.services as Record<string, Record<string, unknown>>;
  const commandOf = (s: Record<string, unknown>) => (s.command as string[] | undefined)?.[0];
  const envOf = (s: Record<string, unknown>) => (s.environment ?? {}) as Record<string, string>;
  const imprint = Object.entries(services).filter(([, s]) => s.build !== undefined);

  it('has PostgreSQL, Redis, MinIO, two API and two worker services', () => {
    for (const [name, image] of [
      ['postgres', /^postgres:/],
      ['redis', /^redis:/],
      ['minio', /^minio\/minio:/],
    ] as const)
      assert.match(String(services[name]?.image), image, name);
    const apis = imprint.filter(([, s]) => commandOf(s) === 'serve');
    const workers = imprint.filter(([, s]) => commandOf(s) === 'worker');
    assert.equal(apis.length, 2, 'two API services');
    assert.equal(workers.length, 2, 'two worker services');
    for (const [name, s] of apis) assert.equal(envOf(s).IMPRINT_RUN_JOBS, '0', name);
    for (const [name, s] of workers)
      assert.match(envOf(s).IMPRINT_WORKER_PORT ?? '', /^\d+$/, name);
  });

  it('points every Imprint service at PostgreSQL, Redis and S3 storage', () => {
    for (const [name, s] of imprint) {
      const env = envOf(s);
      assert.match(env.DATABASE_URL, /^postgres:\/\/.*@postgres:5432\//, name);
      assert.equal(env.REDIS_URL, 'redis://redis:6379', name);
      assert.equal(env.IMPRINT_STORAGE, 's3', name);
      assert.equal(env.IMPRINT_S3_ENDPOINT, 'http://minio:9000', name);
      // Longer than the drain, so a shutdown is never cut short.
      const grace = Number(/^(\d+)s$/.exec(String(s.stop_grace_period))?.[1]);
      assert.ok(grace * 1000 > Number(env.IMPRINT_SHUTDOWN_TIMEOUT_MS), name);
    }
  });

  it('sets only variables Imprint or the AWS SDK reads', () => {
    const config = read('src/config.ts');
    // Read by the S3 storage adapter (its own branch of work); config.ts lists them once merged.
    const s3Storage = [
      'IMPRINT_STORAGE',
      'IMPRINT_S3_BUCKET',
      'IMPRINT_S3_REGION',
      'IMPRINT_S3_ENDPOINT',
      'IMPRINT_S3_PREFIX',
      'IMPRINT_S3_FORCE_PATH_STYLE',
      'IMPRINT_SECRET_KEY',
    ];
    const sdk = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
    for (const [name, s] of imprint) {
      for (const variable of Object.keys(envOf(s))) {
        const known =
          config.includes(`'${variable}'`) ||
          config.includes(`env.${variable}`) ||
          s3Storage.includes(variable) ||
          sdk.includes(variable);
        assert.ok(known, `${name}: ${variable} is not a setting Imprint reads`);
      }
    }
  });
});
