/** Kysely implementation of the ProjectStore port. */
import type {
  Account,
  Caller,
  Project,
  NewTokenOptions,
  TokenInfo,
  TokenKind,
} from '../core/projects.ts';
import type { ProjectStore } from '../core/ports/project-store.ts';
import { newId, nowIso } from '../core/ids.ts';
import type { Database } from './database.ts';
import { prepareQuery } from './prepared-query.ts';

// Every authenticated request runs it, so it is compiled once (see prepared-query.ts).
const CALLER_BY_TOKEN = prepareQuery<
  { tokenHash: string },
  {
    token_id: string;
    kind: string;
    id: string;
    account_id: string;
    title: string;
    created_at: string;
    last_used_at: string | null;
    expires_at: string | null;
    purpose: string | null;
    credit_limit: number | null;
  }
>(['tokenHash'], (db, p) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .leftJoin('credit_limits as l', 'l.project_id', 't.project_id')
    .select([
      'l.credit_limit',
      't.id as token_id',
      't.kind',
      't.purpose',
      'p.id',
      'p.account_id',
      'p.title',
      'p.created_at',
      't.last_used_at',
      't.expires_at',
    ])
    // The token is found by a subquery, not by filtering the join: SQLite plans a join again on
    // every run when a bound value filters it (about 50 µs a request instead of 7).
    .where('t.id', '=', (eb) =>
      eb
        .selectFrom('api_tokens')
        .select('id')
        .where('token_hash', '=', p.tokenHash)
        .where('revoked_at', 'is', null),
    ),
);

const TOUCH_TOKEN = prepareQuery<{ id: string; now: string; before: string }>(
  ['id', 'now', 'before'],
  (db, p) =>
    db
      .updateTable('api_tokens')
      .set({ last_used_at: p.now })
      .where('id', '=', p.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', p.before)])),
);

/**
 * `last_used_at` is kept to the minute: a write on every request would cost every request a
 * commit, and "used in the last minute" is all an operator deciding what to revoke needs.
 */
export const TOKEN_USE_RESOLUTION_MS = 60_000;

/** Accounts, projects and tokens in the SQL database. */
export class SqlProjectStore implements ProjectStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async createAccount(title: string): Promise<Account> {
    const row = { id: newId(), title, created_at: nowIso() };
    await this.db.insertInto('accounts').values(row).execute();
    return row;
  }

  async findAccount(id: string): Promise<Account | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listAccounts(): Promise<Account[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  async createProject(accountId: string, title: string): Promise<Project> {
    const row = { id: newId(), account_id: accountId, title, created_at: nowIso() };
    await this.db.insertInto('projects').values(row).execute();
    return row;
  }

  async findProject(id: string): Promise<Project | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listProjects(): Promise<Project[]> {
    return this.db.selectFrom('projects').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  async insertToken(
    projectId: string,
    kind: TokenKind,
    tokenHash: string,
    options: NewTokenOptions = {},
  ): Promise<TokenInfo> {
    const row = {
      id: newId(),
      project_id: projectId,
      kind,
      token_hash: tokenHash,
      created_at: nowIso(),
      last_used_at: null,
      revoked_at: null,
      expires_at: options.expiresAt ?? null,
      purpose: options.purpose ?? null,
    };
    await this.db.insertInto('api_tokens').values(row).execute();
    const { token_hash: _hash, ...info } = row;
    return info;
  }

  async listTokens(projectId?: string): Promise<TokenInfo[]> {
    let q = this.db
      .selectFrom('api_tokens')
      .select([
        'id',
        'project_id',
        'kind',
        'created_at',
        'last_used_at',
        'revoked_at',
        'expires_at',
        'purpose',
      ]);
    if (projectId) q = q.where('project_id', '=', projectId);
    const rows = await q.orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ ...r, purpose: r.purpose === 'editor_session' ? r.purpose : null }));
  }

  async revokeToken(id: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async findCallerByTokenHash(tokenHash: string): Promise<Caller | undefined> {
    const [row] = await CALLER_BY_TOKEN.rows(this.db, { tokenHash });
    if (!row) return undefined;
    const now = Date.now();
    // Compared as instants, not as text: a stored time may carry another offset or precision.
    if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return undefined;
    if (row.last_used_at === null || Date.parse(row.last_used_at) < now - TOKEN_USE_RESOLUTION_MS) {
      await TOUCH_TOKEN.changes(this.db, {
        id: row.token_id,
        now: new Date(now).toISOString(),
        before: new Date(now - TOKEN_USE_RESOLUTION_MS).toISOString(),
      });
    }
    return {
      project: {
        id: row.id,
        account_id: row.account_id,
        title: row.title,
        created_at: row.created_at,
      },
      tokenId: row.token_id,
      testMode: row.kind === 'test',
      editorSession: row.purpose === 'editor_session',
      creditLimit: row.credit_limit === null ? null : Number(row.credit_limit),
    };
  }

  async insertEditorLink(projectId: string, codeHash: string, expiresAt: string): Promise<void> {
    // Expired links can never be used again: each new link clears them, so the table holds only
    // the links still pending or used within their lifetime (at most a day).
    await this.db.deleteFrom('editor_links').where('expires_at', '<=', nowIso()).execute();
    await this.db
      .insertInto('editor_links')
      .values({
        id: newId(),
        project_id: projectId,
        code_hash: codeHash,
        created_at: nowIso(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
  }

  async consumeEditorLink(codeHash: string, now: string): Promise<string | undefined> {
    // One conditional update: of two requests with the same code only one changes the row.
    // ISO 8601 UTC strings of the same form compare as text in time order on both databases.
    const res = await this.db
      .updateTable('editor_links')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    const row = await this.db
      .selectFrom('editor_links')
      .select('project_id')
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row?.project_id;
  }
}
