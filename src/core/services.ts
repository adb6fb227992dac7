/**
 * The ports the API and the workers are given by the composition root (main.ts). Each feature
 * adds its port here; nothing outside main.ts and cli/ picks the adapters behind them.
 */
import type { BlobStorage } from '../storage/blob-storage.ts';
import type { WebhookService } from './webhooks.ts';
import type { CollectionRepository } from './collections.ts';
import type { FontRepository } from './fonts.ts';
import type { GenerationService } from './generation/generation-service.ts';
import type { ProjectRepository } from './projects.ts';
import type { TemplateRepository } from './templates.ts';

/** Everything the HTTP API needs, as ports. */
export interface Services {
  projects: ProjectRepository;
  /** Templates and their designs (also used by the job runner: getDesign). */
  templates: TemplateRepository;
  /** Collections of templates. */
  collections: CollectionRepository;
  /** Project and legacy fonts (also used by the job runner: loadFontSources). */
  fonts: FontRepository;
  /** Generated files (local disk or S3), served publicly at GET /files/<key>. */
  storage: BlobStorage;
  /** Signed, durable webhook deliveries (dispatcher started where jobs are processed). */
  webhooks: WebhookService;
  /** Images and PDFs: creation, retrieval, deletion, credits and the render job handler. */
  generation: GenerationService;
  /** Resolves when the database answers; rejects otherwise (used by /ready). */
  ping(): Promise<void>;
}
