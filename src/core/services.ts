/**
 * The ports the API and the workers are given by the composition root (main.ts). Each feature
 * adds its port here; nothing outside main.ts and cli/ picks the adapters behind them.
 */
import type { ReadinessDetails } from './readiness.ts';
import type { BlobStorage } from './ports/blob-storage.ts';
import type { BrandKitStore } from './ports/brand-kit-store.ts';
import type { WebhookService } from './ports/webhook-service.ts';
import type { CollectionStore } from './ports/collection-store.ts';
import type { ColorProfileStore } from './ports/color-profile-store.ts';
import type { FontStore } from './ports/font-store.ts';
import type { MediaService } from './media.ts';
import type { FontInspector } from './ports/font-inspector.ts';
import type { GenerationService } from './generation/generation-service.ts';
import type { PreviewService } from './generation/preview-service.ts';
import type { ProjectStore } from './ports/project-store.ts';
import type { RateCounter } from './ports/rate-counter.ts';
import type { TemplateStore } from './ports/template-store.ts';
import type { TemplateVersionStore } from './ports/template-version-store.ts';
import type { VersionedDesigns } from './template-version-use-cases.ts';
import type { UrlImageService } from './url-api/url-image-service.ts';

/** Everything the HTTP API needs, as ports. */
export interface Services {
  projects: ProjectStore;
  /** Templates and their designs (also used by the job runner: getDesign). */
  templates: TemplateStore;
  /** Versions of templates (docs/template-versions.md). */
  templateVersions: TemplateVersionStore;
  /** Newest versions kept per template (IMPRINT_TEMPLATE_VERSIONS_KEEP). */
  templateVersionsKeep: number;
  /** The design a render draws: a pinned version, else the published one, else the latest. */
  versionedDesigns: VersionedDesigns;
  /** Collections of templates. */
  collections: CollectionStore;
  /** Project and legacy fonts (also used by the job runner: loadFontSources). */
  fonts: FontStore;
  /** Each project's brand kit: colours and default fonts (GET/PUT /brand-kit). */
  brandKits: BrandKitStore;
  /** ICC profiles imported for the color_profile names (`imprint icc import`; renders load them). */
  colorProfiles: ColorProfileStore;
  /** Reads font files in isolation (uploads, imports, and stored fonts before a render uses them). */
  fontInspector: FontInspector;
  /** Generated files (local disk or S3), served publicly at GET /files/<key>. */
  storage: BlobStorage;
  /** Uploaded media (POST /api/rest/media) and their expiry sweep. */
  media: MediaService;
  /** Signed, durable webhook deliveries (dispatcher started where jobs are processed). */
  webhooks: WebhookService;
  /** Images and PDFs: creation, retrieval, deletion, credits and the render job handler. */
  generation: GenerationService;
  /** Template previews for the editor and thumbnails of saved designs. */
  previews: PreviewService;
  /** The URL API (GET /u/{template_uuid}) and each project's URL-signing settings. */
  urlImages: UrlImageService;
  /**
   * What GET /ready checks, by name ("database", and "redis" when REDIS_URL is set): each
   * resolves when that dependency answers and rejects otherwise.
   */
  readinessChecks: Record<string, () => Promise<void>>;
  /** Facts /ready reports without failing on them (video: whether ffmpeg can run here). */
  readinessDetails?: ReadinessDetails;
  /** Request counters of the rate limit, shared by all processes (Redis or the database). */
  rateCounter: RateCounter;
}
