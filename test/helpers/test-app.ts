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
  close(): Promise<void>;
}

/** Starts an app on a fresh database of `kind`; env overrides go into the config. */
export async function createTestApp(
  kind: TestDbKind,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-data-'));
  const config = loadConfig({
    IMPRINT_DATA_DIR: dataDir,
    IMPRINT_PUBLIC_URL: 'http://imprint.test',
    ...env,
  });
  const fresh = await freshDatabase(kind);
  const runtime = await createRuntime(config, fresh.target);
  const app = await createHttpApp(runtime, false);
  await app.ready();
  const make = async (title: string): Promise<TestProject> => {
    const p = await createProjectWithTokens(runtime.services.projects, title);
    return { id: p.project.id, token: p.token, testToken: p.test_token };
  };
  const project = await make('Test project');
  const other = await make('Other project');
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
    close: async () => {
      await app.close();
      await runtime.close();
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
