/**
 * The lint step of the Dockerfile and docker-compose.yml (no container engine runs where the tests
 * run): dockerfile-utils' validator, the image's structure (multi-stage, non-root, Ghostscript and
 * fonts, HEALTHCHECK, sources that exist, the Node.js 24 base), and the compose file's services
 * and settings: pinned image versions, one Imprint image built once, variable names Imprint reads,
 * and every variable it uses listed in .env.example and documented.
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

  it('builds and runs on Node.js 24 (bookworm-slim) in every stage', () => {
    const bases = dockerfile.getFROMs().map((f) => f.getImageName() + ':' + f.getImageTag());
    assert.ok(bases.length >= 2);
    for (const base of bases) assert.equal(base, 'node:24-bookworm-slim');
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
  const built = Object.entries(services).filter(([, s]) => s.build !== undefined);
  const imprintImage = built[0]?.[1].image;
  const imprint = Object.entries(services).filter(([, s]) => s.image === imprintImage);
  const composeText = read('docker-compose.yml');
  // `${VAR}`, `${VAR:-default}`, `${VAR:?message}`; `$$` is a literal dollar for the container.
  const interpolated = [...composeText.matchAll(/(?<!\$)\$\{([A-Z_][A-Z0-9_]*)(:?[-?][^}]*)?\}/g)];
  const requiredVars = new Set(
    interpolated.filter((m) => m[2]?.startsWith(':?')).map((m) => m[1]!),
  );
  const composeVars = new Set(interpolated.map((m) => m[1]!));
  const envExample = new Map(
    [...read('.env.example').matchAll(/^([A-Z_][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
  );

  it('builds the Imprint image once and runs it in every Imprint service', () => {
    assert.equal(built.length, 1, 'exactly one service has build:');
    assert.equal(imprint.length, 4, 'two API and two worker services run the built image');
    for (const [name, s] of imprint.filter(([, s]) => s.build === undefined))
      assert.equal(s.pull_policy, 'never', `${name} runs the built image, never a pulled one`);
    const pkg = JSON.parse(read('package.json')) as { version: string };
    assert.equal(imprintImage, `imprint:${pkg.version}`, 'the image is tagged with the version');
  });

  it('pins every image to a version', () => {
    for (const [name, s] of Object.entries(services)) {
      const image = String(s.image);
      const tag = /:([^:/]+)$/.exec(image)?.[1] ?? '';
      assert.ok(tag && tag !== 'latest', `${name}: ${image} names no version`);
      // 16.11-bookworm, 7.4.6, RELEASE.2025-09-07T16-13-09Z; not a moving 16 or 7-bookworm.
      assert.match(
        tag,
        /^(\d+\.\d+[\w.-]*|RELEASE\.[\dT:-]+Z)$/,
        `${name}: ${image} is not pinned`,
      );
    }
  });

  it('lists every variable it uses in .env.example, with the required secrets left empty', () => {
    for (const variable of composeVars)
      assert.ok(envExample.has(variable), `${variable} is missing from .env.example`);
    for (const variable of requiredVars)
      assert.equal(envExample.get(variable), '', `${variable}: .env.example holds no secret`);
    for (const variable of envExample.keys())
      assert.ok(
        composeVars.has(variable),
        `.env.example: docker-compose.yml does not use ${variable}`,
      );
  });

  it('documents every variable it uses or sets', () => {
    const docs = read('README.md') + read('docs/deployment.md');
    const names = new Set(composeVars);
    for (const s of Object.values(services))
      for (const variable of Object.keys(envOf(s))) names.add(variable);
    for (const variable of names)
      assert.ok(
        docs.includes(`\`${variable}\``),
        `${variable} is not documented (README.md or docs/deployment.md)`,
      );
  });

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
