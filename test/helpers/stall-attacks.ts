/**
 * The requests of issue 24 that could hold up a whole `imprint serve` for everyone, as attacks an
 * attacker project sends over HTTP: one generator per finding that is load-shaped (1 many picture
 * cells, 2 unknown layers and properties, 3 a design with a huge unknown field, 4 pictures that
 * drip, 6 dropped create_now retried with the same Idempotency-Key, 10 deep and large JSON bodies),
 * and the loopback picture server they point at. test/e2e/no-stall.test.ts and
 * `npm run fuzz:stall` (scripts/fuzz-stall.ts) send them while measuring the victims
 * (test/helpers/stall-phase.ts). Sizes and counts come from the random generator, so a campaign
 * varies them and a seed replays them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { redPng } from '../generation/_helpers.ts';
import type { Rng } from '../fuzz/fuzz-settings.ts';
import {
  deepArrayBody,
  deepObjectBody,
  hugeUnknownFieldDesign,
  longStringBody,
  manyPictureCellsBody,
  unknownLayersBody,
  unknownPropertiesBody,
  wideArrayBody,
} from './stall-bodies.ts';

/** What an attack request may use: the server, the attacker's token and templates, the pictures. */
export interface AttackTarget {
  base: string;
  token: string;
  /** Attacker templates: `card` has a `title` text and a `photo` picture; `table` an `items` table. */
  templates: { card: string; table: string };
  /** The loopback picture server (private addresses are allowed for the attack). */
  assets: AttackAssets;
  /** Ids of the images the attack requests created (sendJson adds them). */
  created: number[];
}

/** What one attack request came to: its HTTP status, or why it has none. */
export type AttackOutcome = string;

/** One attack: its finding, how many requests a phase sends at most, and one request. */
export interface StallAttack {
  name: string;
  /** The finding of issue 24 it replays. */
  finding: number;
  description: string;
  /** Attack requests of one phase at most (each may be a few HTTP requests, see `send`). */
  requests: number;
  /** Builds what the requests share (large bodies are built once, before the clock starts). */
  prepare(target: AttackTarget, rng: Rng): Promise<AttackRequest>;
}

/** The prepared attack: `send(i)` sends request number i; `note()` adds a figure after the phase. */
export interface AttackRequest {
  send(i: number, signal: AbortSignal): Promise<AttackOutcome>;
  note?(): Promise<string>;
}

// ---------------------------------------------------------------------------------------------
// The loopback picture server

/** Pictures on loopback: fast, slow and dripping ones, with a count of requests. */
export interface AttackAssets {
  base: string;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * Serves /pic/<anything>.png (a 64×64 PNG at once), /slow/<ms>/<anything>.png (after ms) and
 * /drip/<anything>.png (a PNG header announcing 4 KB, then one byte a second, never finished).
 */
export async function startAttackAssets(): Promise<AttackAssets> {
  const png = await redPng();
  let count = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    count++;
    const parts = (req.url ?? '/').split('/');
    if (parts[1] === 'pic') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else if (parts[1] === 'slow') {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
          res.end(png);
        },
        Number(parts[2]) || 1000,
      );
      timers.add(timer);
    } else if (parts[1] === 'drip') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 4096 });
      let sent = 0;
      const drip = setInterval(() => {
        if (res.destroyed || sent >= png.length) {
          clearInterval(drip);
          timers.delete(drip);
          return;
        }
        res.write(png.subarray(sent, ++sent));
      }, 1000);
      timers.add(drip);
      res.write(png.subarray(0, 8));
      sent = 8;
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** POSTs (or PUTs) a JSON text as the attacker; the outcome is the status or the failure. */
export async function sendJson(
  target: AttackTarget,
  method: string,
  path: string,
  body: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<AttackOutcome> {
  try {
    const res = await fetch(`${target.base}/api/rest${path}`, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body,
      signal,
    });
    const text = await res.text();
    if (res.status === 200 && path === '/images') {
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (typeof id === 'number') target.created.push(id);
    }
    return String(res.status);
  } catch (err) {
    return failure(err);
  }
}

/** A short name for why a request got no status: aborted (by the phase's deadline) or the error. */
function failure(err: unknown): AttackOutcome {
  const e = err as { name?: string; cause?: { code?: string } };
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return 'aborted';
  return e.cause?.code ?? e.name ?? 'failed';
}

/** A number in [lo, hi] from the generator. */
const between = (rng: Rng, lo: number, hi: number) => lo + rng.int(hi - lo + 1);

// ---------------------------------------------------------------------------------------------
// The attacks

let phases = 0;
/**
 * A tag that keeps every phase's picture URLs distinct from another phase's (a phase run again
 * with the same seed included), so no download is served from the previous phase's cache.
 */
const tagOf = (rng: Rng) => `t${rng.int(2 ** 30).toString(36)}-${process.pid}-${++phases}`;

const manyPictureCells: StallAttack = {
  name: 'many-picture-cells',
  finding: 1,
  description: 'a table of ~40,000 distinct picture cells on loopback (about 3 MB)',
  requests: 3,
  async prepare(target, rng) {
    const cells = between(rng, 36_000, 40_000);
    const tag = tagOf(rng);
    const bodies = [0, 1, 2, 3].map((i) =>
      manyPictureCellsBody(target.templates.table, target.assets.base, cells, `${tag}-${i}`),
    );
    const before = target.assets.requests();
    return {
      send: (i, signal) => sendJson(target, 'POST', '/images', bodies[i % bodies.length], signal),
      note: async () =>
        `${target.assets.requests() - before} requests reached the picture server (${cells} cells a request)`,
    };
  },
};

const unknownNames: StallAttack = {
  name: 'unknown-names',
  finding: 2,
  description: '~400,000 unknown properties on one layer, or ~300,000 unknown layer names',
  requests: 4,
  async prepare(target, rng) {
    const bodies = [
      unknownPropertiesBody(target.templates.card, between(rng, 350_000, 400_000)),
      unknownLayersBody(target.templates.card, between(rng, 250_000, 300_000)),
    ];
    return {
      send: (i, signal) => sendJson(target, 'POST', '/images', bodies[i % 2], signal),
    };
  },
};

const hugeDesignField: StallAttack = {
  name: 'huge-design-field',
  finding: 3,
  description: 'PUT design with a 400,000-key unknown field, then a creation on it',
  requests: 4,
  async prepare(target, rng) {
    const keys = between(rng, 350_000, 400_000);
    const bodies = [0, 1, 2, 3].map((i) => hugeUnknownFieldDesign(keys, i));
    const res = await fetch(`${target.base}/api/rest/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Huge field', width: 400, height: 100 }),
    });
    const uuid = String(((await res.json()) as { uuid: string }).uuid);
    const create = `{"template_uuid":"${uuid}","layers":{"title":{"text":"x"}}}`;
    return {
      async send(i, signal) {
        const put = await sendJson(
          target,
          'PUT',
          `/templates/${uuid}/design`,
          bodies[i % bodies.length],
          signal,
        );
        const post = await sendJson(target, 'POST', '/images', create, signal);
        return `PUT ${put}, POST ${post}`;
      },
    };
  },
};

const drippingPictures: StallAttack = {
  name: 'dripping-pictures',
  finding: 4,
  description: 'queued images whose picture drips 1 byte/s from loopback',
  requests: 16,
  async prepare(target, rng) {
    const tag = tagOf(rng);
    return {
      send: (i, signal) =>
        sendJson(
          target,
          'POST',
          '/images',
          JSON.stringify({
            template_uuid: target.templates.card,
            layers: { photo: { image: `${target.assets.base}/drip/${tag}-${i}.png` } },
          }),
          signal,
        ),
    };
  },
};

const droppedCreateNow: StallAttack = {
  name: 'dropped-create-now',
  finding: 6,
  description: 'create_now dropped mid-request, then retried with the same Idempotency-Key',
  requests: 6,
  async prepare(target, rng) {
    const tag = tagOf(rng);
    const dropAfter = between(rng, 100, 600);
    const before = await usage(target);
    let keys = 0;
    return {
      async send(i, signal) {
        const key = `${tag}-${i}`;
        keys++;
        const body = JSON.stringify({
          template_uuid: target.templates.card,
          create_now: true,
          layers: {
            title: { text: `Dropped ${i}` },
            photo: { image: `${target.assets.base}/slow/1500/${key}.png` },
          },
        });
        const drop = AbortSignal.any([signal, AbortSignal.timeout(dropAfter)]);
        const first = await sendJson(target, 'POST', '/images', body, drop, {
          'idempotency-key': key,
        });
        const retry = await sendJson(target, 'POST', '/images', body, signal, {
          'idempotency-key': key,
        });
        return `${first === 'aborted' ? 'dropped' : first}, retry ${retry}`;
      },
      async note() {
        // Renders still running after a dropped request are charged when they end: wait a little.
        await new Promise((r) => setTimeout(r, 2000));
        const used = (await usage(target)) - before;
        return `${used} credits charged for ${keys} keys (${used > keys ? 'charged twice' : 'once each'})`;
      },
    };
  },
};

const largeBodies: StallAttack = {
  name: 'deep-or-large-json',
  finding: 10,
  description: 'a 2,000,000-deep array, an 800,000-deep object, a 4.9 MB string, 2.4M numbers',
  requests: 6,
  async prepare(target, rng) {
    const card = target.templates.card;
    const bodies = [
      deepArrayBody(between(rng, 1_800_000, 2_000_000)),
      deepObjectBody(card, between(rng, 700_000, 800_000)),
      longStringBody(card, between(rng, 4_500_000, 4_900_000)),
      wideArrayBody(card, between(rng, 2_000_000, 2_400_000)),
    ];
    const first = rng.int(bodies.length);
    return {
      send: (i, signal) =>
        sendJson(target, 'POST', '/images', bodies[(first + i) % bodies.length], signal),
    };
  },
};

/** Credits the attacker's project used so far. */
async function usage(target: AttackTarget): Promise<number> {
  const res = await fetch(`${target.base}/api/rest/usage`, {
    headers: { authorization: `Bearer ${target.token}` },
    signal: AbortSignal.timeout(10_000),
  });
  return Number(((await res.json()) as { credits_used: number }).credits_used);
}

/** Every attack, in finding order. */
export const STALL_ATTACKS: readonly StallAttack[] = [
  manyPictureCells,
  unknownNames,
  hugeDesignField,
  drippingPictures,
  droppedCreateNow,
  largeBodies,
];
