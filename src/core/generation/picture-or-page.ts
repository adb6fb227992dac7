/**
 * Pictures that may be web pages: a layer's fetch key (render's screenshot-key.ts) is fetched as
 * a picture, and when the URL answers with a web page (text/html), or the layer forces it with
 * `image_type: "screenshot"`, the page is shot in a browser instead. Runs in the fetch stage, so a
 * page loading holds no render slot.
 */
import { readAssetKey } from '../../render/index.ts';
import type { AssetSource, ShownPicture } from '../ports/asset-source.ts';
import type { PageScreenshots } from '../ports/page-screenshots.ts';

/** The content types of a web page. */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** True when a fetch failed because the URL answered with a web page. */
function answeredWithPage(err: unknown): boolean {
  const type = (err as { contentType?: unknown } | null)?.contentType;
  return typeof type === 'string' && PAGE_TYPES.has(type.split(';')[0].trim().toLowerCase());
}

/** An AssetSource that shoots web pages with `shots` and fetches everything else with `assets`. */
export class PicturesAndPages implements AssetSource {
  private readonly assets: AssetSource;
  private readonly shots: PageScreenshots;
  constructor(assets: AssetSource, shots: PageScreenshots) {
    this.assets = assets;
    this.shots = shots;
  }

  fetchPicture(url: string): Promise<Buffer> {
    return this.assets.fetchPicture(url);
  }

  fetchPdf(url: string): Promise<Buffer> {
    return this.assets.fetchPdf(url);
  }

  async fetchShown(key: string): Promise<ShownPicture> {
    const req = readAssetKey(key);
    // A key out of bounds is fetched as it stands, and fails as a URL.
    if (!req) return { bytes: await this.assets.fetchPicture(key), screenshot: false };
    if (!req.force) {
      try {
        return { bytes: await this.assets.fetchPicture(req.url), screenshot: false };
      } catch (err) {
        if (!answeredWithPage(err)) throw err;
      }
    }
    const bytes = await this.shots.capture(req.url, {
      viewport: req.viewport,
      fullPage: req.fullPage,
      waitMs: req.waitMs,
      selector: req.selector,
    });
    return { bytes, screenshot: true };
  }
}
