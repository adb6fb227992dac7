/** Web pages on loopback for the screenshot tests, each counting the browser's visits. */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';

/** A page: status, headers and body, or a handler of its own. */
type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface PageServer {
  base: string;
  /** Requests by path (browser and fetcher together). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export const html = (body: string, headers: Record<string, string> = {}): Route => {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(
      `<!doctype html><html><head><style>html,body{margin:0}</style></head><body>${body}</body></html>`,
    );
  };
};

/** Serves `routes` on `host` (a free port); unknown paths get 404. */
export async function startPages(
  routes: Record<string, Route>,
  host = '127.0.0.1',
): Promise<PageServer> {
  const hits = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://${host}:${port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/**
 * The processes of the browser started with `proxyUrl` (its --proxy-server names it) and all
 * their descendants, read from /proc.
 */
export function browserProcesses(proxyUrl: string): number[] {
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(`--proxy-server=${proxyUrl}\0`)) roots.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  const all = new Set<number>();
  const visit = (pid: number): void => {
    if (all.has(pid)) return;
    all.add(pid);
    for (const c of children.get(pid) ?? []) visit(c);
  };
  roots.forEach(visit);
  return [...all];
}

/**
 * Memory of `pids` in bytes, as PSS (each shared page split between the processes sharing it, so
 * the browser's shared libraries count once in all); processes that ended count 0.
 */
export function residentBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // ended
    }
  }
  return total;
}

/** Those of `pids` still running (a zombie waiting for its parent counts as ended). */
export function stillRunning(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
      return false;
    }
  });
}

/** Waits (polling, at most `ms`) until none of `pids` runs; returns those still running. */
export async function untilEnded(pids: number[], ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = stillRunning(pids);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** CPU time of `pids` so far, in ms (user and system; processes that ended count 0). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime), counted from the state field (3rd).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
