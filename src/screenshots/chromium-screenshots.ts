/**
 * PageScreenshots with Chromium: pages are loaded through the address proxy (every request the
 * browser makes passes the outbound address policy), shot as PNG, and kept in a small cache by
 * URL and options for `cacheTtlMs` unless the page says `Cache-Control: no-store`. The proxy and
 * the browser start on the first screenshot, never before.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { PageScreenshots, ScreenshotOptions } from '../core/ports/page-screenshots.ts';
import type { AddressPolicy } from '../net/guarded-lookup.ts';
import { startAddressProxy, type AddressProxy } from './address-proxy.ts';
import { BrowserPool, PageFailure } from './browser-pool.ts';
import { ScreenshotCache } from './screenshot-cache.ts';

/** Tallest full-page shot, in CSS pixels: a page without end stops here. */
export const FULL_PAGE_MAX_HEIGHT = 16_384;

/** Settings of the adapter (config.screenshots and the outbound policy). */
export interface ChromiumScreenshotsOptions {
  chromiumPath: string;
  contexts: number;
  timeoutMs: number;
  cacheTtlMs: number;
  allowPrivate: boolean;
  /** Bytes of screenshots kept (default 64 MB). */
  cacheMaxBytes?: number;
  /** Replaces the standard address policy when allowPrivate is false (tests use a narrower one). */
  addressPolicy?: AddressPolicy;
}

/** A screenshot that failed; the message names the page and is safe to show. */
export class ScreenshotError extends Error {
  readonly failure = 'asset_fetch' as const;
  constructor(url: string, detail: string) {
    super(`${shortUrl(url)}: ${detail}`);
    this.name = 'ScreenshotError';
  }
}

function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    const s = u.toString();
    return s.length > 200 ? `${s.slice(0, 199)}…` : s;
  } catch {
    return url.slice(0, 200);
  }
}

/** Shoots web pages with a pool of Chromium contexts. */
export class ChromiumScreenshots implements PageScreenshots {
  private proxy: Promise<AddressProxy> | null = null;
  private pool: BrowserPool | null = null;
  private readonly cache: ScreenshotCache;
  private readonly inflight = new Map<string, Promise<Buffer>>();

  private readonly opts: ChromiumScreenshotsOptions;
  constructor(opts: ChromiumScreenshotsOptions) {
    this.opts = opts;
    this.cache = new ScreenshotCache(opts.cacheMaxBytes ?? 64 * 1024 * 1024);
  }

  unavailableReason(): string | null {
    if (!fs.existsSync(this.opts.chromiumPath)) {
      return `Chromium is not installed at ${this.opts.chromiumPath} (IMPRINT_CHROMIUM_PATH)`;
    }
    return null;
  }

  async capture(url: string, o: ScreenshotOptions): Promise<Buffer> {
    const why = this.unavailableReason();
    if (why) throw new ScreenshotError(url, `a web page, and screenshots are unavailable: ${why}`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ScreenshotError(url, 'not a valid URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ScreenshotError(url, 'only http and https pages can be shot');
    }
    const key = JSON.stringify([
      url,
      o.viewport.width,
      o.viewport.height,
      o.fullPage,
      o.waitMs,
      o.selector,
    ]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.shoot(url, o, key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** The pool, for the benchmark's figures (null before the first screenshot). */
  get browserPool(): BrowserPool | null {
    return this.pool;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    const proxy = this.proxy;
    this.pool = null;
    this.proxy = null;
    await pool?.close();
    if (proxy) await (await proxy.catch(() => null))?.close();
    this.cache.clear();
  }

  private async started(): Promise<{ pool: BrowserPool; proxy: AddressProxy }> {
    this.proxy ??= startAddressProxy({
      allowPrivate: this.opts.allowPrivate,
      addressPolicy: this.opts.addressPolicy,
    });
    const proxy = await this.proxy;
    this.pool ??= new BrowserPool({
      executablePath: this.opts.chromiumPath,
      proxy: { server: proxy.url, ...proxy.credential },
      contexts: this.opts.contexts,
      pageTimeoutMs: this.opts.timeoutMs,
    });
    return { pool: this.pool, proxy };
  }

  private async shoot(url: string, o: ScreenshotOptions, key: string): Promise<Buffer> {
    const { pool, proxy } = await this.started();
    let noStore = false;
    let png: Buffer;
    try {
      png = await pool.withPage(async (page) => {
        const shot = await shootPage(page, url, o, proxy);
        noStore = shot.noStore;
        return shot.png;
      });
    } catch (err) {
      if (err instanceof ScreenshotError) throw err;
      if (err instanceof PageFailure) throw new ScreenshotError(url, err.message);
      throw new ScreenshotError(url, `the page could not be shot (${browserReason(err)})`);
    }
    if (!noStore && this.opts.cacheTtlMs > 0) this.cache.set(key, png, this.opts.cacheTtlMs);
    return png;
  }
}

/** The first line of a Playwright error, without its call log. */
function browserReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text
    .split('\n')[0]
    .replace(/^[\w.]+: /, '')
    .slice(0, 200);
}

/** Loads the page and shoots it as the options say. */
async function shootPage(
  page: Page,
  url: string,
  o: ScreenshotOptions,
  proxy: AddressProxy,
): Promise<{ png: Buffer; noStore: boolean }> {
  await page.setViewportSize(o.viewport);
  let res;
  try {
    res = await page.goto(url, { waitUntil: 'load', timeout: 0 });
  } catch (err) {
    const host = safeHost(page.url() !== 'about:blank' ? page.url() : url);
    const refusal = [host, safeHost(url)].map((h) => proxy.refusal(h)).find(Boolean);
    if (refusal) throw new ScreenshotError(url, `refused: ${refusal}`);
    throw new ScreenshotError(url, `the page could not be loaded (${browserReason(err)})`);
  }
  const finalUrl = page.url();
  if (!/^https?:/.test(finalUrl)) throw new ScreenshotError(url, 'the page left http(s)');
  if (res) {
    const refused = res.status() === 403 && proxy.refusal(safeHost(finalUrl));
    if (refused) throw new ScreenshotError(url, `refused: ${refused}`);
    if (res.status() >= 400) throw new ScreenshotError(url, `the server answered ${res.status()}`);
  }
  const noStore = /(^|,)\s*no-store\s*(,|$)/i.test(
    (await res?.allHeaders())?.['cache-control'] ?? '',
  );
  if (o.waitMs > 0) await page.waitForTimeout(o.waitMs);
  if (o.selector) {
    let element;
    try {
      element = await page.$(o.selector);
    } catch {
      throw new ScreenshotError(
        url,
        `screenshot_selector "${o.selector}" is not a valid CSS selector`,
      );
    }
    if (!element)
      throw new ScreenshotError(url, `no element matches screenshot_selector "${o.selector}"`);
    return { png: await element.screenshot({ type: 'png', timeout: 0 }), noStore };
  }
  if (!o.fullPage) return { png: await page.screenshot({ type: 'png', timeout: 0 }), noStore };
  // A string: the page's DOM types are not the service's.
  const height = Number(
    await page.evaluate(
      'Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)',
    ),
  );
  const clip = {
    x: 0,
    y: 0,
    width: o.viewport.width,
    height: Math.min(Math.max(height, 1), FULL_PAGE_MAX_HEIGHT),
  };
  return { png: await page.screenshot({ type: 'png', fullPage: true, clip, timeout: 0 }), noStore };
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
