/** The REST API client of the editor: the public API with the signed-in token, nothing else. */
import type {
  Collection,
  Design,
  Font,
  MediaUpload,
  Starter,
  Template,
  WarningDetail,
} from './api-types.ts';

export type { BrandKit, Collection, Design, Font, Layer, Starter, Template } from './api-types.ts';

/** A preview warning (the Imprint-Warning-Details header): what it is about, where, and the text. */
export type Warning = WarningDetail;

/** What a preview warning is about (the renderer's WARNING_CODES, in the OpenAPI document). */
export type WarningCode = Warning['code'];

/** A warning as the API's warning strings write it: `<path>: <message>`. */
export const warningText = (w: Warning): string => (w.path ? `${w.path}: ${w.message}` : w.message);

/** An answer that was not 2xx: its status and the API's message (and field errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** Layer data for previews and images: `{ layerName: { property: value } }`. */
export type LayerData = Record<string, Record<string, unknown>>;

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const b = body as { message: unknown; errors?: Record<string, string[]> };
    const details = b.errors ? Object.values(b.errors).flat().join(' ') : '';
    return details && !String(b.message).includes(details)
      ? `${String(b.message)} ${details}`
      : String(b.message);
  }
  return `The server answered ${status}.`;
}

export class Api {
  readonly token: string;
  constructor(token: string) {
    this.token = token;
  }

  private async send(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(path, {
      ...init,
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(init.headers ?? {}) },
    });
    if (!res.ok) {
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      throw new ApiError(res.status, messageOf(body, res.status), body);
    }
    return res;
  }

  async json<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    init: RequestInit = {},
  ) {
    const res = await this.send(method, `/api/rest${path}`, {
      ...init,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { body: (await res.json()) as T, etag: res.headers.get('etag') };
  }

  async listTemplates(q: { title?: string; tag?: string; collection?: string }) {
    const params = new URLSearchParams({ per_page: '100', order_by: 'updated_at-desc' });
    if (q.title) params.set('title_filter', q.title);
    if (q.tag) params.set('tag', q.tag);
    if (q.collection) params.set('collection_id', q.collection);
    return (await this.json<{ data: Template[] }>('GET', `/templates?${params}`)).body.data;
  }

  async collections() {
    return (await this.json<{ data: Collection[] }>('GET', '/collections')).body.data;
  }

  async starters() {
    return (await this.json<{ data: Starter[] }>('GET', '/starter-templates')).body.data;
  }

  /** Copies a starter into the project: the new template. */
  async copyStarter(id: string) {
    return (await this.json<Template>('POST', `/starter-templates/${id}/copy`, {})).body;
  }

  async fonts() {
    return (await this.json<{ data: Font[] }>('GET', '/fonts?per_page=100')).body.data;
  }

  async uploadFont(file: File): Promise<Font> {
    const form = new FormData();
    form.set('file', file);
    form.set('title', file.name.replace(/\.(ttf|otf|woff2?)$/i, ''));
    form.set('terms_accepted', '1');
    const res = await this.send('POST', '/api/rest/fonts', { body: form });
    return (await res.json()) as Font;
  }

  /** The design and its revision (the ETag, e.g. `"3"`). */
  async design(uuid: string) {
    const { body, etag } = await this.json<Design>('GET', `/templates/${uuid}/design`);
    return { design: body, etag: etag ?? '' };
  }

  /** Saves the design if it is still at `etag`; a 409 ApiError when it is not. */
  /**
   * With `keepalive` the request outlives the page (sent as the page is left); browsers refuse
   * keepalive bodies above 64 KB.
   */
  async saveDesign(uuid: string, design: Design, etag: string, keepalive = false) {
    const res = await this.json<Design>(
      'PUT',
      `/templates/${uuid}/design`,
      design,
      { 'if-match': etag },
      keepalive ? { keepalive } : {},
    );
    return res.etag ?? etag;
  }

  /**
   * The renderer's PNG of an unsaved design (or with `format: 'pdf'` its PDF), and its warnings.
   * `width` sizes the PNG; without it the PNG has the design's own size.
   */
  async preview(
    uuid: string,
    design: Design,
    layers: LayerData,
    width?: number,
    format: 'png' | 'pdf' = 'png',
  ) {
    const body = {
      design,
      layers,
      ...(width ? { modifications: { width } } : {}),
      ...(format === 'pdf' ? { format } : {}),
    };
    const res = await this.send('POST', `/api/rest/templates/${uuid}/preview`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // The codes come with the warnings, so nothing here depends on a message's wording.
    const details = res.headers.get('imprint-warning-details') ?? '[]';
    const warnings = JSON.parse(details) as Warning[];
    return { blob: await res.blob(), warnings };
  }

  /** The bytes of one of the project's fonts (GET /fonts/{uuid}/file). */
  async fontFile(uuid: string): Promise<ArrayBuffer> {
    const res = await this.send('GET', `/api/rest/fonts/${encodeURIComponent(uuid)}/file`);
    return res.arrayBuffer();
  }

  /** Uploads a picture (POST /media): its public URL, for a layer's `image`. */
  async uploadMedia(file: File): Promise<string> {
    const form = new FormData();
    form.set('file', file);
    const res = await this.send('POST', '/api/rest/media', { body: form });
    const body = (await res.json()) as MediaUpload;
    return body.media[0].file_id;
  }
}
