/** A fresh migrated database with one project and generation's SQL stores, for the parts' tests. */
import { openDatabase } from '../../../src/store/database.ts';
import { migrateToLatest } from '../../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../../src/store/sql-project-store.ts';
import { sqlGenerationStores } from '../../../src/store/sql-generation-stores.ts';
import type { NewRenderRow } from '../../../src/core/generation/render-row.ts';
import { freshDatabase, type TestDbKind } from '../../helpers/databases.ts';

/** Opens the stores; `cleanups` receives what closes and drops them. */
export async function openStores(kind: TestDbKind, cleanups: Array<() => Promise<void>>) {
  const fresh = await freshDatabase(kind);
  const db = openDatabase(fresh.target);
  cleanups.push(fresh.drop, () => db.destroy());
  await migrateToLatest(db);
  const projects = new SqlProjectStore(db);
  const account = await projects.createAccount('A');
  const project = await projects.createProject(account.id, 'P');
  return { db, stores: sqlGenerationStores(db), projectId: project.id };
}

/** A queued image row of `projectId` costing `credits`. */
export function imageRow(projectId: string, credits = 1, extra: Partial<NewRenderRow> = {}) {
  return {
    project_id: projectId,
    request: { kind: 'image', template_uuid: 't', layers: {}, modifications: {} },
    passthrough: undefined,
    webhook_success: null,
    webhook_error: null,
    test_mode: false,
    credits,
    has_transfer: false,
    ...extra,
  } satisfies NewRenderRow;
}
