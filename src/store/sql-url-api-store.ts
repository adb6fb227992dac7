/** Kysely adapter of the UrlApiStore port (url_signing, url_renders). */
import type {
  UrlApiStore,
  UrlRender,
  UrlRenderFile,
  UrlSigningSettings,
} from '../core/ports/url-api-store.ts';
import { nowIso } from '../core/ids.ts';
import type { SecretSealer } from '../core/secret-sealer.ts';
import type { Database } from './database.ts';
import { SecretColumn } from './sealed-secrets.ts';

/** URL-signing settings and URL renders in SQLite or PostgreSQL. */
export class SqlUrlApiStore implements UrlApiStore {
  private readonly secrets: SecretColumn;

  /** `sealer`: seals the URL-signing secrets with IMPRINT_SECRET_KEY (see sealed-secrets.ts). */
  private readonly db: Database;
  constructor(db: Database, sealer: SecretSealer | null = null) {
    this.db = db;
    this.secrets = new SecretColumn(sealer, 'url_signing');
  }

  async projectOfTemplate(templateUuid: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('templates')
      .select('project_id')
      .where('uuid', '=', templateUuid)
      .executeTakeFirst();
    return row?.project_id;
  }

  /** Throws UnsealError when the secret is sealed with a key this process does not have. */
  async signing(projectId: string): Promise<UrlSigningSettings> {
    const row = await this.db
      .selectFrom('url_signing')
      .select(['secret', 'allow_unsigned'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    const stored = row?.secret ?? null;
    // One still stored in clear is sealed now if this process has the key.
    if (stored !== null && this.secrets.needsSealing(stored)) {
      await this.db
        .updateTable('url_signing')
        .set({ secret: this.secrets.toStored(projectId, stored) })
        .where('project_id', '=', projectId)
        .where('secret', '=', stored)
        .execute();
    }
    return {
      secret: stored === null ? null : this.secrets.fromStored(projectId, stored),
      allowUnsigned: row?.allow_unsigned === 1,
    };
  }

  async getOrCreateSecret(projectId: string, fresh: () => string): Promise<string> {
    const found = (await this.signing(projectId)).secret;
    if (found !== null) return found;
    const made = fresh();
    const now = nowIso();
    const secret = this.secrets.toStored(projectId, made);
    await this.db
      .insertInto('url_signing')
      .values({ project_id: projectId, secret, allow_unsigned: 0, updated_at: now })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    // A row made by `url unsigned` has no secret yet: fill it, never replace one.
    await this.db
      .updateTable('url_signing')
      .set({ secret, updated_at: now })
      .where('project_id', '=', projectId)
      .where('secret', 'is', null)
      .execute();
    return (await this.signing(projectId)).secret ?? made;
  }

  async setSecret(projectId: string, clear: string): Promise<void> {
    const now = nowIso();
    const secret = this.secrets.toStored(projectId, clear);
    await this.db
      .insertInto('url_signing')
      .values({ project_id: projectId, secret, allow_unsigned: 0, updated_at: now })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ secret, updated_at: now }))
      .execute();
  }

  async setAllowUnsigned(projectId: string, allow: boolean): Promise<void> {
    const now = nowIso();
    const allow_unsigned = allow ? 1 : 0;
    await this.db
      .insertInto('url_signing')
      .values({ project_id: projectId, secret: null, allow_unsigned, updated_at: now })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ allow_unsigned, updated_at: now }))
      .execute();
  }

  async findRender(projectId: string, cacheKey: string): Promise<UrlRender | undefined> {
    const row = await this.db
      .selectFrom('url_renders')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('cache_key', '=', cacheKey)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.status === 'finished' && row.file_key && row.image_id !== null) {
      return {
        status: 'finished',
        imageId: row.image_id,
        fileKey: row.file_key,
        contentType: row.content_type ?? 'application/octet-stream',
        etag: row.etag ?? '',
      };
    }
    return { status: 'rendering', owner: row.owner ?? '', leaseUntil: row.lease_until ?? '' };
  }

  async startRender(
    projectId: string,
    cacheKey: string,
    templateUuid: string,
    owner: string,
    leaseUntil: string,
  ): Promise<boolean> {
    const now = nowIso();
    const inserted = await this.db
      .insertInto('url_renders')
      .values({
        project_id: projectId,
        cache_key: cacheKey,
        template_uuid: templateUuid,
        status: 'rendering',
        owner,
        lease_until: leaseUntil,
        image_id: null,
        file_key: null,
        content_type: null,
        etag: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['project_id', 'cache_key']).doNothing())
      .returning('cache_key')
      .execute();
    return inserted.length > 0;
  }

  async takeOverRender(
    projectId: string,
    cacheKey: string,
    owner: string,
    leaseUntil: string,
    now: string,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('url_renders')
      .set({ owner, lease_until: leaseUntil, updated_at: now })
      .where('project_id', '=', projectId)
      .where('cache_key', '=', cacheKey)
      .where('status', '=', 'rendering')
      .where('lease_until', '<', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async renewRender(
    projectId: string,
    cacheKey: string,
    owner: string,
    leaseUntil: string,
  ): Promise<void> {
    await this.db
      .updateTable('url_renders')
      .set({ lease_until: leaseUntil, updated_at: nowIso() })
      .where('project_id', '=', projectId)
      .where('cache_key', '=', cacheKey)
      .where('owner', '=', owner)
      .where('status', '=', 'rendering')
      .execute();
  }

  async finishRender(
    projectId: string,
    cacheKey: string,
    owner: string,
    file: UrlRenderFile,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('url_renders')
      .set({
        status: 'finished',
        owner: null,
        lease_until: null,
        image_id: file.imageId,
        file_key: file.fileKey,
        content_type: file.contentType,
        etag: file.etag,
        updated_at: nowIso(),
      })
      .where('project_id', '=', projectId)
      .where('cache_key', '=', cacheKey)
      .where('owner', '=', owner)
      .where('status', '=', 'rendering')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async dropRender(projectId: string, cacheKey: string, owner?: string): Promise<void> {
    let q = this.db
      .deleteFrom('url_renders')
      .where('project_id', '=', projectId)
      .where('cache_key', '=', cacheKey);
    q = owner
      ? q.where('owner', '=', owner).where('status', '=', 'rendering')
      : q.where('status', '=', 'finished');
    await q.execute();
  }
}
