/**
 * A small pool of Chromium browser contexts: one browser (started on first use, again after a
 * crash), `contexts` contexts each showing one page at a time in one tab, every context thrown
 * away after PAGES_PER_CONTEXT pages, after a page that crashed or ran out of time, so a page's
 * leftovers (memory, storage, cookies) never outlive a few uses. Between pages the tab is sent to
 * about:blank, which stops the last page's scripts and requests. Each page has a hard time limit:
 * past it, its context is closed, which ends whatever the page was doing.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Pages a context shows before it is replaced. */
export const PAGES_PER_CONTEXT = 50;
/** V8 heap of each page's renderer, in MB: a page allocating without end crashes, alone. */
export const PAGE_HEAP_MB = 256;

/** How the browser is started. */
export interface BrowserPoolOptions {
  executablePath: string;
  /** The address proxy every request goes through (address-proxy.ts), and its credential. */
  proxy: { server: string; username: string; password: string };
  contexts: number;
  /** Hard limit for one page's work, in ms. */
  pageTimeoutMs: number;
}

/** A page that ran out of time or crashed; `reason` says which. */
export class PageFailure extends Error {
  readonly reason: 'timeout' | 'crash';
  constructor(reason: 'timeout' | 'crash', message: string) {
    super(message);
    this.reason = reason;
    this.name = 'PageFailure';
  }
}

interface Slot {
  context: BrowserContext | null;
  /** The context's one tab, reused for each page it shows. */
  tab: Page | null;
  pages: number;
}

/** Runs work on pages of a shared browser, at most `contexts` at once. */
export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private readonly free: Slot[] = [];
  private readonly waiting: Array<(slot: Slot) => void> = [];
  private closed = false;
  /** Pages run, and contexts and browsers started (for tests and the benchmark). */
  readonly counts = { pages: 0, contexts: 0, launches: 0 };

  private readonly opts: BrowserPoolOptions;
  constructor(opts: BrowserPoolOptions) {
    this.opts = opts;
    for (let i = 0; i < opts.contexts; i++) this.free.push({ context: null, tab: null, pages: 0 });
  }

  /**
   * Runs `work` on the tab of a free context. The slot is given back once the tab is blank again
   * (after `work`'s result is handed over) or its context is closed.
   */
  async withPage<T>(work: (page: Page) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the screenshot browser is closed');
    const slot = await this.acquire();
    let timer: NodeJS.Timeout | undefined;
    let spoiled = true;
    let page: Page | undefined;
    let onCrash = (): void => undefined;
    try {
      page = await this.tabOf(slot);
      this.counts.pages++;
      const failed = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(
            new PageFailure('timeout', `no screenshot within ${this.opts.pageTimeoutMs / 1000} s`),
          );
        }, this.opts.pageTimeoutMs);
        onCrash = () => reject(new PageFailure('crash', 'the page crashed its tab'));
        page!.once('crash', onCrash);
      });
      failed.catch(() => undefined); // settled after the race when the page is slower than work
      const result = await Promise.race([work(page), failed]);
      spoiled = false;
      return result;
    } finally {
      clearTimeout(timer);
      page?.off('crash', onCrash);
      // A context that failed in any way is not trusted with the next page.
      void this.recycle(slot, spoiled).finally(() => this.release(slot));
    }
  }

  /** Closes the browser; pages at work fail. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }

  /** The proxy address the browser was started with (it names the browser's processes). */
  get proxyUrl(): string {
    return this.opts.proxy.server;
  }

  private acquire(): Promise<Slot> {
    const slot = this.free.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }

  /** Blanks the tab for the next page, or closes the context when it is spent or spoiled. */
  private async recycle(slot: Slot, spoiled: boolean): Promise<void> {
    if (!spoiled && slot.pages < PAGES_PER_CONTEXT && slot.tab) {
      const blank = await slot.tab.goto('about:blank', { timeout: 5000 }).then(
        () => true,
        () => false,
      );
      if (blank) return;
    }
    const context = slot.context;
    slot.context = null;
    slot.tab = null;
    slot.pages = 0;
    await context?.close().catch(() => undefined);
  }

  private async tabOf(slot: Slot): Promise<Page> {
    const browser = await this.launched();
    if (slot.context && slot.tab && slot.context.browser() === browser) {
      slot.pages++;
      return slot.tab;
    }
    const context = await browser.newContext({
      acceptDownloads: false,
      serviceWorkers: 'block',
      permissions: [],
      javaScriptEnabled: true,
      bypassCSP: false,
      ignoreHTTPSErrors: false,
      // The page's own address bar is not shown: the screenshot is the page only.
      viewport: { width: 1280, height: 1024 },
    });
    this.counts.contexts++;
    const tab = await context.newPage().catch(async (err: unknown) => {
      await context.close().catch(() => undefined);
      throw err;
    });
    // Pop-ups are closed at once and dialogs dismissed: nothing waits for a person.
    tab.on('popup', (p) => void p.close().catch(() => undefined));
    tab.on('dialog', (d) => void d.dismiss().catch(() => undefined));
    Object.assign(slot, { context, tab, pages: 1 });
    return tab;
  }

  private launched(): Promise<Browser> {
    if (this.browser) return this.browser;
    const starting = this.launch();
    this.browser = starting;
    starting.then(
      (b) =>
        b.on('disconnected', () => {
          if (this.browser === starting) this.browser = null;
        }),
      () => {
        if (this.browser === starting) this.browser = null;
      },
    );
    return starting;
  }

  private async launch(): Promise<Browser> {
    const { chromium } = await import('playwright-core');
    this.counts.launches++;
    return chromium.launch({
      executablePath: this.opts.executablePath,
      timeout: 30_000,
      // Playwright's own signal handlers would end the process on SIGINT: the service's shutdown
      // closes the browser instead.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      // Playwright answers the proxy's 407 with the credential (the proxy serves no one else).
      proxy: { ...this.opts.proxy, bypass: '<-loopback>' },
      args: [
        // Loopback is not bypassed either: the proxy judges it like any address (said again here
        // as Playwright leaves it out when PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK).
        '--proxy-bypass-list=<-loopback>',
        // WebRTC may not send UDP around the proxy.
        '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
        '--webrtc-ip-handling-policy=disable_non_proxied_udp',
        '--disable-quic',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--mute-audio',
        '--font-render-hinting=none',
        `--js-flags=--max-old-space-size=${PAGE_HEAP_MB}`,
        `--renderer-process-limit=${this.opts.contexts + 1}`,
      ],
    });
  }
}
