/**
 * The URL API use case (GET /u/{template_uuid}): checks the signature, turns the query into a
 * POST /images request, and answers the image. One URL is rendered once: the same template
 * revision and normalised query map to one stored file, later requests are served from it (no
 * render, no credits), and requests arriving together share one render — in this process through
 * one promise, across processes through the unique row of the cache key.
 */
import { createHash } from 'node:crypto';
import { AppError, notFound, validationError, type FieldErrors } from '../errors.ts';
import { newSecret } from '../ids.ts';
import type { Caller } from '../projects.ts';
import type { ProjectStore } from '../ports/project-store.ts';
import { newClaimOwner } from '../generation/claim-owner.ts';
import type { RenderRowStore } from '../ports/render-row-store.ts';
import type { GenerationService } from '../generation/generation-service.ts';
import { coerceLayerValues, type Design, type LayerData } from '../../render/index.ts';
import type { BlobStorage } from '../ports/blob-storage.ts';
import type { UrlApiStore, UrlRenderFile } from '../ports/url-api-store.ts';
import { parseUrlQuery } from './url-query.ts';
import { unknownVersionMessage } from '../template-version-use-cases.ts';
import { signatureMatches, splitSignature } from './url-signature.ts';

/** The token id URL renders are made under (there is no token in a URL). */
export const URL_API_TOKEN_ID = 'url-api';

/** Longest URL-signing secret accepted by `--set`. */
export const URL_SECRET_MAX = 1024;

/** The ports and settings of the URL API. */
export interface UrlImageDeps {
  store: UrlApiStore;
  projects: Pick<ProjectStore, 'findProject'>;
  /**
   * The design of `version`, else the published version's (else the latest's), and which
   * version it is; undefined for an unknown template or version.
   */
  templates: {
    getDesign(
      projectId: string,
      uuid: string,
      version?: number,
    ): Promise<{ design: Design; version?: number; template?: { version: number } } | undefined>;
  };
  generation: Pick<GenerationService, 'createImage'>;
  images: Pick<RenderRowStore, 'findForProject'>;
  storage: BlobStorage;
  /** How long a render holds its row without renewal (default 15 s; renewed every third). */
  leaseMs?: number;
  /** How often a request waiting for another process's render looks again (default 100 ms). */
  pollMs?: number;
  /** How long a request waits for another process's render before a 503 (default 120 s). */
  waitMs?: number;
}

/** What GET /u/… answers: the file, or 304 when the client's ETag is current. */
export type UrlImageAnswer =
  | {
      notModified: false;
      bytes: Buffer;
      contentType: string;
      etag: string;
      filename: string;
    }
  | { notModified: true; etag: string };

/** A finished render and its bytes. */
interface Rendered {
  file: UrlRenderFile;
  bytes: Buffer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** JSON with object keys sorted at every level: equal requests give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Revisions of the design cache's shared designs, so a hit does not hash its design again. */
const revisions = new WeakMap<Design, string>();

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The revision of a design: templates have no revision counter, so the hash of the stored design
 * stands for it. Every design change (layers, sizes, styles, font references) changes it; fonts
 * are referenced by uuid and a font file never changes, so the hash covers what is drawn.
 */
export function designRevision(design: Design): string {
  let revision = revisions.get(design);
  if (revision === undefined) {
    revision = sha256(canonicalJson(design));
    // Only frozen designs (the design cache's shared copies) cannot change after hashing.
    if (Object.isFrozen(design)) revisions.set(design, revision);
  }
  return revision;
}

/** True when an If-None-Match header names `etag` (or is `*`); weak forms match too. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === `"${etag}"`);
}

/**
 * The 422 of a render that failed (a picture that could not be fetched…): each message of the
 * image row under the layer it names, like a validation error of POST /images.
 */
function renderFailed(messages: string[]): AppError {
  const fields: FieldErrors = {};
  for (const m of messages.length ? messages : ['The render failed.']) {
    const where = /^(layers\.[^:]+?): /.exec(m)?.[1] ?? 'image';
    (fields[where] ??= []).push(m);
  }
  const first = Object.values(fields)[0][0];
  return new AppError('validation', `The image could not be rendered: ${first}`, { fields });
}

/** GET /u/{template_uuid} and the URL-signing settings of `imprint url`. */
export class UrlImageService {
  private readonly owner = newClaimOwner();
  private readonly inflight = new Map<string, Promise<Rendered>>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly waitMs: number;

  private readonly deps: UrlImageDeps;
  constructor(deps: UrlImageDeps) {
    this.deps = deps;
    this.leaseMs = deps.leaseMs ?? 15_000;
    this.pollMs = deps.pollMs ?? 100;
    this.waitMs = deps.waitMs ?? 120_000;
  }

  /**
   * Answers a URL API request: 404 for an unknown template, 403 for a bad or (when refused)
   * missing signature, 422 for bad values or a failed render, 429/402 as POST /images with
   * create_now; otherwise the image, rendered now or served from an earlier render.
   */
  async serve(
    templateUuid: string,
    rawQuery: string,
    ifNoneMatch?: string,
  ): Promise<UrlImageAnswer> {
    const projectId = await this.deps.store.projectOfTemplate(templateUuid);
    if (!projectId) throw notFound('Template');
    const signed = await this.checkSignature(projectId, rawQuery);
    const { query, errors } = parseUrlQuery(signed);
    if (Object.keys(errors).length) throw validationError(errors);
    const found = await this.designOf(projectId, templateUuid, query.templateVersion);
    const layers = coerceLayerValues(found.design, query.layers);
    const key = sha256(
      canonicalJson({
        template_uuid: templateUuid,
        revision: designRevision(found.design),
        layers,
        modifications: query.modifications,
      }),
    );
    const hit = await this.deps.store.findRender(projectId, key);
    if (hit?.status === 'finished') {
      if (etagMatches(ifNoneMatch, hit.etag)) return { notModified: true, etag: hit.etag };
      const blob = await this.deps.storage.get(hit.fileKey);
      if (blob) return this.answer(hit, blob.bytes);
    }
    const { file, bytes } = await this.renderOnce(projectId, key, templateUuid, () =>
      this.render(projectId, key, {
        template_uuid: templateUuid,
        // The version hashed into the key: a publish meanwhile does not change what it draws.
        ...(found.version === undefined ? {} : { template_version: found.version }),
        layers,
        modifications: query.modifications,
      }),
    );
    if (etagMatches(ifNoneMatch, file.etag)) return { notModified: true, etag: file.etag };
    return this.answer(file, bytes);
  }

  /**
   * The design drawn: the pinned version, else the published one, else the latest. An unknown
   * template is a 404; a version it does not have, the 422 of POST /images's template_version.
   */
  private async designOf(
    projectId: string,
    templateUuid: string,
    pinned: number | undefined,
  ): Promise<{ design: Design; version?: number }> {
    const found = await this.deps.templates.getDesign(projectId, templateUuid, pinned);
    if (found) return found;
    const latest =
      pinned === undefined
        ? undefined
        : await this.deps.templates.getDesign(projectId, templateUuid);
    if (!latest) throw notFound('Template');
    const field = 'template_version';
    const newest = latest.template?.version ?? latest.version ?? 0;
    throw validationError({ [field]: [unknownVersionMessage(field, pinned, newest)] });
  }

  /** The project's URL-signing secret, created on first use. */
  async secret(projectId: string): Promise<string> {
    return this.deps.store.getOrCreateSecret(projectId, newSecret);
  }

  /** Sets the secret (e.g. to a live token's value, so existing Placid signers keep working). */
  async setSecret(projectId: string, secret: string): Promise<void> {
    if (secret.trim() !== secret || secret === '' || secret.length > URL_SECRET_MAX) {
      throw new RangeError(
        `A URL-signing secret is 1 to ${URL_SECRET_MAX} characters without leading or trailing spaces`,
      );
    }
    await this.deps.store.setSecret(projectId, secret);
  }

  /** Replaces the secret with a new random one and returns it; old signatures stop working. */
  async rotateSecret(projectId: string): Promise<string> {
    const fresh = newSecret();
    await this.deps.store.setSecret(projectId, fresh);
    return fresh;
  }

  /** Serves (true) or refuses (false, the default) URLs without a signature. */
  async setAllowUnsigned(projectId: string, allow: boolean): Promise<void> {
    await this.deps.store.setAllowUnsigned(projectId, allow);
  }

  /** The 200 answer of a stored file. */
  private answer(file: UrlRenderFile, bytes: Buffer): UrlImageAnswer {
    return {
      notModified: false,
      bytes,
      contentType: file.contentType,
      etag: file.etag,
      filename: file.fileKey.slice(file.fileKey.lastIndexOf('/') + 1),
    };
  }

  /** True when the project serves URLs without a signature. */
  async unsignedAllowed(projectId: string): Promise<boolean> {
    return (await this.deps.store.signing(projectId)).allowUnsigned;
  }

  /** The signed part of the query, or a 403 saying what is wrong with its signature. */
  private async checkSignature(projectId: string, rawQuery: string): Promise<string> {
    const split = splitSignature(rawQuery);
    if (!split.ok) throw new AppError('forbidden', split.message);
    const { secret, allowUnsigned } = await this.deps.store.signing(projectId);
    if (split.signature === null) {
      if (allowUnsigned) return split.signed;
      throw new AppError(
        'forbidden',
        'This URL is not signed: add s=<hex HMAC-SHA256 of the query string under the project’s URL-signing secret> as the last parameter, or allow unsigned URLs with "imprint url unsigned --project <id> --allow".',
      );
    }
    if (!secret || !signatureMatches(secret, split.signed, split.signature)) {
      throw new AppError(
        'forbidden',
        'The signature s does not match this URL: it must be the hex HMAC-SHA256 of the query string before "&s=", exactly as sent, under the project’s URL-signing secret.',
      );
    }
    return split.signed;
  }

  /** Runs `render` for a key unless this process already does; concurrent callers share it. */
  private renderOnce(
    projectId: string,
    key: string,
    templateUuid: string,
    render: () => Promise<Rendered>,
  ): Promise<Rendered> {
    const id = `${projectId}:${key}`;
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = this.obtain(projectId, key, templateUuid, render).finally(() =>
        this.inflight.delete(id),
      );
      this.inflight.set(id, pending);
    }
    return pending;
  }

  /**
   * The stored render of a key, or a new one: whoever inserts the key's row renders, the others
   * wait for that row to finish (or, when its process died and its lease ran out, take it over).
   */
  private async obtain(
    projectId: string,
    key: string,
    templateUuid: string,
    render: () => Promise<Rendered>,
  ): Promise<Rendered> {
    const { store } = this.deps;
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const row = await store.findRender(projectId, key);
      if (row?.status === 'finished') {
        const blob = await this.deps.storage.get(row.fileKey);
        if (blob) return { file: row, bytes: blob.bytes };
        // Its image was deleted (DELETE /images/{id} removes the file): render it again.
        await store.dropRender(projectId, key);
        continue;
      }
      const leaseUntil = isoIn(this.leaseMs);
      if (!row) {
        if (await store.startRender(projectId, key, templateUuid, this.owner, leaseUntil))
          return render();
        continue;
      }
      const now = new Date().toISOString();
      if (row.leaseUntil < now) {
        if (await store.takeOverRender(projectId, key, this.owner, leaseUntil, now)) {
          return render();
        }
        continue;
      }
      if (Date.now() >= deadline) {
        throw new AppError(
          'unavailable',
          'The image of this URL is still being rendered by another request. Retry shortly.',
          { headers: { 'retry-after': '2' } },
        );
      }
      await sleep(this.pollMs);
    }
  }

  /** Renders the request as POST /images with create_now, and records its file for the key. */
  private async render(
    projectId: string,
    key: string,
    request: {
      template_uuid: string;
      template_version?: number;
      layers: LayerData;
      modifications: Record<string, unknown>;
    },
  ): Promise<Rendered> {
    const { store } = this.deps;
    const renew = setInterval(
      () => void store.renewRender(projectId, key, this.owner, isoIn(this.leaseMs)).catch(() => {}),
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    try {
      const project = await this.deps.projects.findProject(projectId);
      if (!project) throw notFound('Template');
      // A URL carries no token: its renders are the project's live renders (charged, no watermark).
      const caller: Caller = { project, tokenId: URL_API_TOKEN_ID, testMode: false };
      const image = await this.deps.generation.createImage(caller, {
        ...request,
        create_now: true,
      });
      if (image.status !== 'finished') throw renderFailed(image.errors);
      const row = await this.deps.images.findForProject('image', projectId, image.id);
      const blob = row?.file_key ? await this.deps.storage.get(row.file_key) : null;
      if (!row?.file_key || !blob) {
        throw new AppError('not_found', 'Image not found: it was deleted while it was rendered');
      }
      const file: UrlRenderFile = {
        imageId: image.id,
        fileKey: row.file_key,
        contentType: blob.contentType,
        etag: sha256(blob.bytes),
      };
      await store.finishRender(projectId, key, this.owner, file);
      return { file, bytes: blob.bytes };
    } catch (err) {
      // Nothing is cached for a failed render: the next request tries again.
      await store.dropRender(projectId, key, this.owner).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(renew);
    }
  }
}
