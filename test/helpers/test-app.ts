/**
 * A complete in-process app on a fresh database, with two projects (to prove isolation), for
 * tests that call the API with inject(). No adapter is mocked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { createProjectWithTokens } from '../../src/core/projects.ts';
import { createHttpApp, createRuntime, type Runtime } from '../../src/main.ts';
import type { DatabaseTarget } from '../../src/store/database.ts';
import { freshDatabase, type TestDbKind } from './databases.ts';

/** A project made for a test, with its tokens. */
export interface TestProject {
  id: string;
  token: string;
  testToken: string;
}

/** The app under test and its helpers. */
export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  /** The main project of the test. */
  project: TestProject;
  /** A second project, for cross-project isolation checks. */
  other: TestProject;
  /** inject() with the main project's token unless `token` is given (null sends none). */
  request(opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /** The database this app uses (a second app can share it, see `shareWith`). */
  target: DatabaseTarget;
  close(): Promise<void>;
}

/** Options of createTestApp. */
export interface TestAppOptions {
  /**
   * Another test app whose database (and projects) this one uses, like a second process of one
   * installation; closing this app leaves that database alone.
   */
  shareWith?: TestApp;
  /** Reaches the same PostgreSQL another way (e.g. through a proxy a test can cut). */
  postgresUrl?: string;
}

/** Starts an app on a fresh database of `kind`; env overrides go into the config. */
export async function createTestApp(
  kind: TestDbKind,
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-data-'));
  const config = loadConfig({
    IMPRINT_DATA_DIR: dataDir,
    IMPRINT_PUBLIC_URL: 'http://imprint.test',
    ...env,
  });
  const shared = opts.shareWith;
  const fresh = shared
    ? { target: shared.target, drop: async () => undefined }
    : await freshDatabase(kind);
  const target =
    opts.postgresUrl && fresh.target.kind === 'postgres'
      ? { ...fresh.target, url: opts.postgresUrl }
      : fresh.target;
  const runtime = await createRuntime(config, target);
  const app = await createHttpApp(runtime, false);
  await app.ready();
  const make = async (title: string): Promise<TestProject> => {
    const p = await createProjectWithTokens(runtime.services.projects, title);
    return { id: p.project.id, token: p.token, testToken: p.test_token };
  };
  const project = shared?.project ?? (await make('Test project'));
  const other = shared?.other ?? (await make('Other project'));
  return {
    app,
    runtime,
    config,
    project,
    other,
    request: ({ token, ...opts }) => {
      const bearer = token === undefined ? project.token : token;
      const headers = {
        ...(opts.headers ?? {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      };
      return app.inject({ ...opts, headers });
    },
    target: fresh.target,
    close: async () => {
      await app.close();
      await runtime.close();
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
