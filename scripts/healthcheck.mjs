#!/usr/bin/env node
// The container's HEALTHCHECK: GET /health on this container's own port, exit 0 when it answers
// 200. Worker containers set IMPRINT_WORKER_PORT (their /health lives there); API containers
// answer on PORT (default 3000).
/* global fetch, AbortSignal -- Node 20 globals */
const port = process.env.IMPRINT_WORKER_PORT || process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
