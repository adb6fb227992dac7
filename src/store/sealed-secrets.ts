/**
 * Project secrets at rest (webhook_secrets.secret, url_signing.secret). With IMPRINT_SECRET_KEY
 * set they are stored sealed: "sealed:" + a SecretSealer message whose associated data names the
 * table and project, so a sealed value copied to another row does not open. Without the key they
 * are stored in clear, as before. Clear values (installations from before, or written by a
 * process without the key) stay readable; sealStoredSecrets seals them at the start of a process
 * that has the key, and a read seals any it still finds.
 */
import { SecretSealer, UnsealError } from '../core/secret-sealer.ts';
import type { Database } from './database.ts';

/** What marks a stored value as sealed; a clear secret may not start with it. */
export const SEALED_PREFIX = 'sealed:';

/** The tables that hold a project secret in their `secret` column. */
export type SecretTable = 'webhook_secrets' | 'url_signing';

const WHAT: Record<SecretTable, { name: string; rotate: string }> = {
  webhook_secrets: { name: 'webhook signing secret', rotate: 'imprint webhook rotate' },
  url_signing: { name: 'URL-signing secret', rotate: 'imprint url rotate' },
};

/** The sealer of stored project secrets for IMPRINT_SECRET_KEY, or null without the key. */
export function storedSecretSealer(secretKey: string | null): SecretSealer | null {
  return secretKey ? new SecretSealer(secretKey, 'stored-secrets') : null;
}

/** Turns one table's secrets into column values and back. */
export class SecretColumn {
  private readonly sealer: SecretSealer | null;
  private readonly table: SecretTable;
  constructor(sealer: SecretSealer | null, table: SecretTable) {
    this.sealer = sealer;
    this.table = table;
  }

  /** The column value that stores `secret` for the project. */
  toStored(projectId: string, secret: string): string {
    // A clear value with the prefix would read back as a sealed one.
    if (secret.startsWith(SEALED_PREFIX)) {
      throw new RangeError(`A ${WHAT[this.table].name} may not start with "${SEALED_PREFIX}"`);
    }
    if (!this.sealer) return secret;
    return SEALED_PREFIX + this.sealer.seal(secret, context(this.table, projectId));
  }

  /** The secret in a column value; an UnsealError says what to do when it does not open. */
  fromStored(projectId: string, stored: string): string {
    if (!stored.startsWith(SEALED_PREFIX)) return stored;
    if (!this.sealer) throw new UnsealError(unreadableMessage(this.table, projectId, false));
    try {
      return this.sealer.open(stored.slice(SEALED_PREFIX.length), context(this.table, projectId));
    } catch {
      throw new UnsealError(unreadableMessage(this.table, projectId, true));
    }
  }

  /** True when `stored` is in clear while this process could seal it. */
  needsSealing(stored: string): boolean {
    return this.sealer !== null && !stored.startsWith(SEALED_PREFIX);
  }
}

/** A stored secret that this process cannot open. */
export interface UnreadableSecret {
  table: SecretTable;
  projectId: string;
}

/**
 * Seals every clear secret of both tables when `sealer` is set (each row only if still unchanged,
 * so processes starting together do not collide), and lists the sealed ones this process cannot
 * open: sealed with another key, or sealed while this process has no key.
 */
export async function sealStoredSecrets(
  db: Database,
  sealer: SecretSealer | null,
): Promise<{ sealed: number; unreadable: UnreadableSecret[] }> {
  let sealed = 0;
  const unreadable: UnreadableSecret[] = [];
  for (const table of ['webhook_secrets', 'url_signing'] as const) {
    const column = new SecretColumn(sealer, table);
    const rows = await db
      .selectFrom(table)
      .select(['project_id', 'secret'])
      .where('secret', 'is not', null)
      .execute();
    for (const { project_id: projectId, secret } of rows) {
      if (secret === null) continue;
      if (column.needsSealing(secret)) {
        const res = await db
          .updateTable(table)
          .set({ secret: column.toStored(projectId, secret) })
          .where('project_id', '=', projectId)
          .where('secret', '=', secret)
          .executeTakeFirst();
        sealed += Number(res.numUpdatedRows);
        continue;
      }
      try {
        column.fromStored(projectId, secret);
      } catch (err) {
        if (!(err instanceof UnsealError)) throw err;
        unreadable.push({ table, projectId });
      }
    }
  }
  return { sealed, unreadable };
}

/** Why a process cannot start with these secrets, and the two ways out. */
export function unreadableSecretsMessage(unreadable: UnreadableSecret[], keySet: boolean): string {
  const parts = (['webhook_secrets', 'url_signing'] as const)
    .map((table) => {
      const ids = unreadable.filter((u) => u.table === table).map((u) => u.projectId);
      if (ids.length === 0) return '';
      const shown =
        ids.slice(0, 5).join(', ') + (ids.length > 5 ? ` and ${ids.length - 5} more` : '');
      return `the ${WHAT[table].name}s of project(s) ${shown} (replace with "${WHAT[table].rotate} --project <id>")`;
    })
    .filter(Boolean);
  const problem = keySet
    ? 'it does not open what was sealed with another key'
    : 'it is not set, and the database holds secrets sealed with it';
  return `${problem}: ${parts.join('; ')}. Set the IMPRINT_SECRET_KEY they were sealed with on every process; if that key is lost, give those projects new secrets with the commands named (their receivers and signed URLs need the new ones).`;
}

function context(table: SecretTable, projectId: string): string {
  return `imprint ${table} v1|${projectId}`;
}

function unreadableMessage(table: SecretTable, projectId: string, keySet: boolean): string {
  const why = keySet
    ? 'with another IMPRINT_SECRET_KEY than this process has'
    : 'with IMPRINT_SECRET_KEY, which this process does not have';
  return `the ${WHAT[table].name} of project ${projectId} is sealed ${why}: set the key it was sealed with on every process, or replace the secret with "${WHAT[table].rotate} --project ${projectId}"`;
}
