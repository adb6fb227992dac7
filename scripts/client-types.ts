/**
 * The TypeScript types of @imprint/client, generated from the OpenAPI document the server builds
 * in-process (a throw-away SQLite database, no port, no Redis): `npm run client:generate` writes
 * them, and a test fails when the committed file differs from what this returns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { loadConfig } from '../src/config.ts';
import { createHttpApp, createRuntime } from '../src/main.ts';

/** Where the generated types live, relative to the repository root. */
export const CLIENT_TYPES_PATH = new URL('../clients/typescript/src/schema.d.ts', import.meta.url)
  .pathname;

const HEADER = `/**
 * Types of the Imprint REST API, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run \`npm run client:generate\` at the repository root after changing a route.
 */

`;

/** The server's OpenAPI document, built from the real routes without listening on a port. */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-openapi-'));
  // A fixed public URL keeps `servers` in the document (and so the generated file) stable.
  const config = loadConfig({
    IMPRINT_DATA_DIR: dataDir,
    IMPRINT_PUBLIC_URL: 'http://localhost:3000',
    IMPRINT_RUN_JOBS: '0',
  });
  const runtime = await createRuntime(config, { kind: 'sqlite', file: ':memory:' });
  try {
    const app = await createHttpApp(runtime, false);
    await app.ready();
    const doc = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of the generated types file for the current routes. */
export async function generateClientTypes(): Promise<string> {
  const doc = await buildOpenApiDocument();
  // openapi-typescript takes the document as a JSON string or object (no network access).
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    // Objects the document leaves open (layer properties, transfer) take any keys, not none.
    emptyObjectsUnknown: true,
  });
  // Formatted like the rest of the code, so `prettier --check` covers the committed file.
  const options = (await prettier.resolveConfig(CLIENT_TYPES_PATH)) ?? {};
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: CLIENT_TYPES_PATH });
}
