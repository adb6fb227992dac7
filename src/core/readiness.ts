/**
 * GET /ready: runs every dependency check at once, each bounded by a short timeout, so a load
 * balancer learns within seconds that the database or Redis is down (GET /health only says the
 * process is alive).
 */

/** Longest wait for one check; a check slower than this counts as down. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** The outcome: every check by name ("ok" or "down") and the names of those down. */
export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | 'down'>;
  down: string[];
}

/** Resolves with true when `check` succeeds within `timeoutMs`, false otherwise. */
async function passes(check: () => Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `checks` in parallel. */
export async function checkReadiness(
  checks: Record<string, () => Promise<void>>,
  timeoutMs = READY_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((n) => passes(checks[n], timeoutMs)));
  const out: Record<string, 'ok' | 'down'> = {};
  names.forEach((n, i) => (out[n] = results[i] ? 'ok' : 'down'));
  const down = names.filter((_n, i) => !results[i]);
  return { ready: down.length === 0, checks: out, down };
}

/** Seconds a client is told to wait (Retry-After) while a dependency is down. */
export const READY_RETRY_AFTER_SECONDS = 5;

/** Status code and JSON body of a /ready answer, shared by the API and the worker's port. */
export interface ReadinessAnswer {
  statusCode: 200 | 503;
  body: (
    | { status: 'ready'; checks: Readiness['checks'] }
    | { status: 'unavailable'; message: string; checks: Readiness['checks'] }
  ) & { details?: Record<string, string> };
}

/**
 * Facts about optional features (e.g. `video`: whether ffmpeg can run), reported in /ready's
 * `details` without changing its status: images and PDFs do not need them.
 */
export type ReadinessDetails = () => Promise<Record<string, string>>;

/** GET /ready's answer: 200 when every check passes, else 503 naming what is down. */
export async function readinessAnswer(
  checks: Record<string, () => Promise<void>>,
  details?: ReadinessDetails,
): Promise<ReadinessAnswer> {
  const [{ ready, checks: results, down }, facts] = await Promise.all([
    checkReadiness(checks),
    details ? details().catch(() => undefined) : undefined,
  ]);
  const extra = facts ? { details: facts } : {};
  if (ready) return { statusCode: 200, body: { status: 'ready', checks: results, ...extra } };
  return {
    statusCode: 503,
    body: {
      status: 'unavailable',
      message: `Not reachable: ${down.join(', ')}.`,
      checks: results,
      ...extra,
    },
  };
}
