/**
 * The one ordered set of migrations for SQLite and PostgreSQL, kept in code (not read from a
 * folder) so they work the same from source and from any bundle. Add new ones at the end.
 */
import {
  Migrator,
  sql,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import { isPostgres, type Database } from '../database.ts';
import * as foundation from './0001-foundation.ts';
import * as templatesCollections from './0002-templates-collections.ts';
import * as fonts from './0003-fonts.ts';
import * as jobs from './0004-jobs.ts';
import * as webhooks from './0005-webhooks.ts';
import * as generation from './0006-generation.ts';
import * as creditTotals from './0007-credit-totals.ts';
import * as urlApi from './0008-url-api.ts';
import * as media from './0009-media.ts';
import * as fileExpiry from './0010-file-expiry.ts';
import * as transferCredentials from './0011-transfer-credentials.ts';
import * as rateLimitCounters from './0012-rate-limit-counters.ts';
import * as jobNotify from './0013-job-notify.ts';
import * as editor from './0014-editor.ts';
import * as editorLinks from './0015-editor-links.ts';
import * as fontFaces from './0016-font-faces.ts';
import * as colorProfiles from './0017-color-profiles.ts';
import * as jobGroups from './0018-job-groups.ts';
import * as idempotencyKeys from './0019-idempotency-keys.ts';
import * as generationListing from './0020-generation-listing.ts';
import * as chargeOnFinish from './0021-charge-on-finish.ts';
import * as templateVersions from './0022-template-versions.ts';
import * as brandKits from './0023-brand-kits.ts';
import * as videos from './0024-videos.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-templates-collections': templatesCollections,
  '0003-fonts': fonts,
  '0004-jobs': jobs,
  '0005-webhooks': webhooks,
  '0006-generation': generation,
  '0007-credit-totals': creditTotals,
  '0008-url-api': urlApi,
  '0009-media': media,
  '0010-file-expiry': fileExpiry,
  '0011-transfer-credentials': transferCredentials,
  '0012-rate-limit-counters': rateLimitCounters,
  '0013-job-notify': jobNotify,
  '0014-editor': editor,
  '0015-editor-links': editorLinks,
  '0016-font-faces': fontFaces,
  '0017-color-profiles': colorProfiles,
  '0018-job-groups': jobGroups,
  '0019-idempotency-keys': idempotencyKeys,
  '0020-generation-listing': generationListing,
  '0021-charge-on-finish': chargeOnFinish,
  '0022-template-versions': templateVersions,
  '0023-brand-kits': brandKits,
  '0024-videos': videos,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/**
 * A migrator over the migrations of this file. Kysely looks for its migration tables in every
 * schema unless told which one; with several schemas on one PostgreSQL server (one per test) it
 * would find another schema's and fail.
 */
async function migratorFor(db: Database): Promise<Migrator> {
  const schema = isPostgres(db)
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
    : undefined;
  return new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Throws with the failing migration's error, if any. */
function check({ error, results }: MigrationResultSet): void {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Database): Promise<void> {
  check(await (await migratorFor(db)).migrateToLatest());
}

/**
 * Brings the schema up to the migration `name` and no further: tests of a later migration start
 * from the schema before it.
 */
export async function migrateTo(db: Database, name: string): Promise<void> {
  check(await (await migratorFor(db)).migrateTo(name));
}
