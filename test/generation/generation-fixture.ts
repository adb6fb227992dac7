/**
 * The set-up most generation tests share: the local asset server, a test app that may fetch from
 * it (IMPRINT_ALLOW_PRIVATE_URLS=1) with one render thread, job processing two at a time, and
 * the test template. One place, so the tests differ only in what they check.
 */
import { startJobProcessing } from '../../src/main.ts';
import type { TestDbKind } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate, startAssetServer, type AssetServer } from './_helpers.ts';

/** What the tests get. */
export interface GenerationFixture {
  t: TestApp;
  assets: AssetServer;
  /** The test template (testDesign()). */
  uuid: string;
  /** Stops job processing, the app and the asset server. */
  close(): Promise<void>;
}

/** Options for tests that need another configuration or start job processing themselves. */
export interface GenerationFixtureOptions {
  /** Variables on top of IMPRINT_ALLOW_PRIVATE_URLS=1 and IMPRINT_RENDER_THREADS=1. */
  env?: Record<string, string>;
  /** Start job processing (2 at a time); default true. */
  processJobs?: boolean;
}

/** Starts the shared generation set-up on `kind`. */
export async function startGenerationFixture(
  kind: TestDbKind,
  options: GenerationFixtureOptions = {},
): Promise<GenerationFixture> {
  const assets = await startAssetServer();
  const t = await createTestApp(kind, {
    IMPRINT_ALLOW_PRIVATE_URLS: '1',
    IMPRINT_RENDER_THREADS: '1',
    ...options.env,
  });
  const stop = options.processJobs === false ? undefined : startJobProcessing(t.runtime, 2);
  const uuid = await createTemplate(t);
  return {
    t,
    assets,
    uuid,
    close: async () => {
      await stop?.();
      await t.close();
      await assets.close();
    },
  };
}
