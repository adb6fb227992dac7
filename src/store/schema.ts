/**
 * Kysely table types. Every table is shared by SQLite and PostgreSQL, so columns use portable
 * types: text ids, ISO 8601 text timestamps, JSON as text, booleans as 0/1 integers.
 * Each migration's owner adds its tables' interfaces here.
 */
import type { Generated } from 'kysely';
import type { DeliveryRow } from '../core/ports/webhook-store.ts';

/** accounts: owners of projects and legacy fonts. */
export interface AccountsTable {
  id: string;
  title: string;
  created_at: string;
}

/** projects: the scope of every API call. */
export interface ProjectsTable {
  id: string;
  account_id: string;
  title: string;
  created_at: string;
}

/** api_tokens: hashed bearer tokens. */
export interface ApiTokensTable {
  id: string;
  project_id: string;
  kind: 'live' | 'test';
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** When the token stops working (ISO), or null: never (migration 0015). */
  expires_at: string | null;
  /** null for operators' tokens, 'editor_session' for tokens of an editor sign-in link. */
  purpose: string | null;
}

/** editor_links: single-use sign-in links of the editor (the code hashed), migration 0015. */
export interface EditorLinksTable {
  id: string;
  project_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** templates: metadata and the design document (JSON text) of each template. */
export interface TemplatesTable {
  uuid: string;
  project_id: string;
  title: string;
  /** Lower-cased title, for case-insensitive filtering and sorting the same way on both databases. */
  title_key: Generated<string>;
  width: number;
  height: number;
  /** JSON array of strings. */
  tags: string;
  /** JSON text, or null. */
  custom_data: string | null;
  /** JSON document {width, height, background, layers}. */
  design: string;
  /** Unused: the public thumbnail URL is built from thumbnail_key (migration 0014). */
  thumbnail: string | null;
  /** Counts design saves; the ETag of the design (migration 0014). */
  revision: Generated<number>;
  /** Storage key of the current thumbnail, or null while none is stored. */
  thumbnail_key: string | null;
  /** Number of the latest version (migration 0022). */
  version: Generated<number>;
  /** The version renders use; null: the latest (migration 0022). */
  published_version: number | null;
  created_at: string;
  updated_at: string;
}

/** template_designs: each distinct design of a template once, by content hash (migration 0022). */
export interface TemplateDesignsTable {
  template_uuid: string;
  /** SHA-256 (hex) of `design`. */
  hash: string;
  /** JSON text of the design, exactly as saved. */
  design: string;
}

/** template_versions: the numbered saves of each template (migration 0022). */
export interface TemplateVersionsTable {
  template_uuid: string;
  version: number;
  project_id: string;
  design_hash: string;
  name: string | null;
  width: number;
  height: number;
  created_at: string;
  /** token, editor_session, cli or migration. */
  created_by_kind: string;
  created_by_token: string | null;
  thumbnail_key: string | null;
}

/** template_tags: one row per tag of a template, for tag filtering (tag_key is lower-cased). */
export interface TemplateTagsTable {
  template_uuid: string;
  tag: string;
  tag_key: string;
}

/** collections: named groups of a project's templates. */
export interface CollectionsTable {
  id: string;
  project_id: string;
  title: string;
  /** JSON text of a string or an object, or null. */
  custom_data: string | null;
  created_at: string;
  updated_at: string;
}

/** collection_templates: which templates a collection holds, in attach order. */
export interface CollectionTemplatesTable {
  collection_id: string;
  template_uuid: string;
  position: number;
}

/** images, pdfs and videos: generated files and their public state (same columns in each table). */
export interface RenderTable {
  id: Generated<number>;
  project_id: string;
  status: 'queued' | 'finished' | 'error';
  request: string;
  passthrough: string | null;
  webhook_success: string | null;
  webhook_error: string | null;
  errors: Generated<string>;
  file_key: string | null;
  /** 1 once the retention sweep deleted the file (migration 0008). */
  file_expired: Generated<number>;
  /** JSON array of strings: what the request asked for that was ignored (migration 0014). */
  warnings: Generated<string>;
  test_mode: number;
  credits: number;
  has_transfer: number;
  /** Transfer credentials encrypted with IMPRINT_SECRET_KEY while the row is queued, else null. */
  transfer_sealed: string | null;
  claimed_by: string | null;
  claim_until: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** credit_totals: the sum of each project's ledger, kept with it (usage reads it in O(1)). */
export interface CreditTotalsTable {
  project_id: string;
  used: number;
}

/** credit_ledger: one charge per finished image or PDF. */
export interface CreditLedgerTable {
  id: string;
  project_id: string;
  resource_type: 'image' | 'pdf' | 'video';
  resource_id: number;
  credits: number;
  created_at: string;
}

/** credit_limits: optional per-project credit limit (no row = unlimited). */
export interface CreditLimitsTable {
  project_id: string;
  credit_limit: number;
  updated_at: string;
}

/** rate_limit_counters: requests per token and one-minute window (when there is no Redis). */
export interface RateLimitCountersTable {
  token_id: string;
  window_start: number;
  hits: number;
}

/** idempotency_keys: the object each project's Idempotency-Key created (migration 0018). */
export interface IdempotencyKeysTable {
  project_id: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the request the key was first used with. */
  request_hash: string;
  resource_type: 'image' | 'pdf' | 'video' | null;
  resource_id: number | null;
  created_at: string;
}

/** jobs: the embedded job queue (src/queue/local); payloads are JSON text. */
export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  /** The job's group (its project): a consumer runs a bounded share of one group's jobs. */
  group_key: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempt: number;
  run_after: string;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** fonts: project fonts (project_id set) and legacy account-wide fonts (project_id null). */
export interface FontsTable {
  uuid: string;
  project_id: string | null;
  account_id: string;
  title: string;
  filename: string;
  format: 'ttf' | 'otf' | 'woff' | 'woff2';
  family: string;
  /** OS/2 weight class of the face (1–1000). */
  weight: number;
  /** normal, italic or oblique. */
  style: 'normal' | 'italic' | 'oblique';
  size_bytes: number;
  created_at: string;
}

/** font_files: the bytes of each font (bytea on PostgreSQL, blob on SQLite), one row per font. */
export interface FontFilesTable {
  font_uuid: string;
  data: Buffer;
}

/** webhook_secrets: the per-project key that signs webhook deliveries. */
export interface WebhookSecretsTable {
  project_id: string;
  secret: string;
  created_at: string;
}

/** webhook_deliveries: one row per (resource, event); attempts are counted on the row. */
export type WebhookDeliveriesTable = DeliveryRow;

/** url_signing: each project's URL-signing secret and whether unsigned URLs are served. */
export interface UrlSigningTable {
  project_id: string;
  secret: string | null;
  allow_unsigned: number;
  updated_at: string;
}

/** url_renders: one row per (project, URL cache key): who renders it, then its stored file. */
export interface UrlRendersTable {
  project_id: string;
  cache_key: string;
  template_uuid: string;
  status: 'rendering' | 'finished';
  owner: string | null;
  lease_until: string | null;
  image_id: number | null;
  file_key: string | null;
  content_type: string | null;
  etag: string | null;
  created_at: string;
  updated_at: string;
}

/** media: files uploaded with POST /api/rest/media, kept until expires_at. */
export interface MediaTable {
  id: string;
  project_id: string;
  file_key: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
  expires_at: string;
}

/** color_profiles: ICC profiles imported for the color_profile names (`imprint icc import`). */
export interface ColorProfilesTable {
  name: string;
  description: string;
  color_space: 'cmyk' | 'rgb';
  size_bytes: number;
  sha256: string;
  data: Buffer;
  created_at: string;
}

/** brand_kits: each project's colours and default fonts (GET/PUT /api/rest/brand-kit). */
export interface BrandKitsTable {
  project_id: string;
  /** JSON: [{ name, value }]. */
  colors: string;
  /** JSON: { heading, body }. */
  fonts: string;
  updated_at: string;
}

/** The whole database, as Kysely sees it. */
export interface DB {
  accounts: AccountsTable;
  projects: ProjectsTable;
  api_tokens: ApiTokensTable;
  editor_links: EditorLinksTable;
  fonts: FontsTable;
  font_files: FontFilesTable;
  templates: TemplatesTable;
  template_tags: TemplateTagsTable;
  template_designs: TemplateDesignsTable;
  template_versions: TemplateVersionsTable;
  collections: CollectionsTable;
  collection_templates: CollectionTemplatesTable;
  images: RenderTable;
  pdfs: RenderTable;
  videos: RenderTable;
  credit_ledger: CreditLedgerTable;
  credit_totals: CreditTotalsTable;
  credit_limits: CreditLimitsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  jobs: JobsTable;
  url_signing: UrlSigningTable;
  url_renders: UrlRendersTable;
  media: MediaTable;
  rate_limit_counters: RateLimitCountersTable;
  color_profiles: ColorProfilesTable;
  idempotency_keys: IdempotencyKeysTable;
  brand_kits: BrandKitsTable;
}

/** Re-exported so table modules need one import. */
export type { Generated };
