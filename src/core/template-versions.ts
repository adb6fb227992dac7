/**
 * Template versions: every design save that changes the design is kept as a numbered version
 * (1, 2, 3… per template), which can be named, restored and published (docs/template-versions.md).
 * This module holds the version types, the content hash that deduplicates designs, and the
 * limits; the store is the TemplateVersionStore port (ports/template-version-store.ts).
 */
import { createHash } from 'node:crypto';

/** What made a version (the `created_by` of the API). */
export type VersionAuthorKind = 'token' | 'editor_session' | 'cli' | 'migration';

/** What made a version: an API token, the editor (its session token), a command, the migration. */
export interface VersionAuthor {
  kind: VersionAuthorKind;
  /** The token's id for `token` and `editor_session`; null otherwise. */
  token_id: string | null;
}

/** The author of saves made by commands on the database (`imprint templates push`). */
export const CLI_AUTHOR: VersionAuthor = { kind: 'cli', token_id: null };

/** One version of a template, without its design. */
export interface TemplateVersion {
  template_uuid: string;
  version: number;
  /** A name given with PATCH …/versions/{n}; null when unnamed. */
  name: string | null;
  /** SHA-256 (hex) of the design's stored JSON text. */
  design_hash: string;
  created_at: string;
  created_by: VersionAuthor;
  /** Storage key of its thumbnail; null until rendered (or when it could not be). */
  thumbnail_key: string | null;
  /** Canvas size of its design in px. */
  width: number;
  height: number;
}

/** The limits of versions. */
export const VERSION_LIMITS = {
  nameMax: 100,
  perPageDefault: 20,
  perPageMax: 100,
  /** Default of IMPRINT_TEMPLATE_VERSIONS_KEEP. */
  keepDefault: 200,
} as const;

/** The content hash of a design's stored JSON text: equal texts, one stored design. */
export function designHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
