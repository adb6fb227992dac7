/**
 * SIGTERM/SIGINT handling shared by `imprint serve` and `imprint worker`: run the shutdown steps
 * in order, logging each thing waited for, and exit 0 when all are done. A deadline
 * (IMPRINT_SHUTDOWN_TIMEOUT_MS) makes the process exit 1 whatever is still pending, so a hung
 * connection (Redis or the database down) can never keep it alive; a second signal exits 130 at once.
 */
import type { Logger } from 'pino';
import type { ShutdownStep } from '../main.ts';

/** Settings of installShutdown. */
export interface ShutdownOptions {
  log: Logger;
  timeoutMs: number;
  /** The steps, read when the signal arrives (what exists then is what is closed). */
  steps: () => ShutdownStep[];
  /** Ends the process; tests may replace it. */
  exit?: (code: number) => void;
}

/** Installs the SIGTERM and SIGINT handlers. */
export function installShutdown(opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      opts.log.warn({ signal }, 'second signal: exiting without waiting');
      exit(130);
      return;
    }
    stopping = true;
    void shutdown(signal, opts, exit);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutdown(
  signal: NodeJS.Signals,
  opts: ShutdownOptions,
  exit: (code: number) => void,
): Promise<void> {
  const started = Date.now();
  let current = 'nothing';
  opts.log.info({ signal, timeout_ms: opts.timeoutMs }, 'shutting down');
  const deadline = setTimeout(() => {
    opts.log.error(
      { waiting_for: current, waited_ms: Date.now() - started },
      `shutdown timed out after ${opts.timeoutMs} ms waiting for ${current}; exiting`,
    );
    exit(1);
  }, opts.timeoutMs);
  try {
    for (const step of opts.steps()) {
      current = step.name;
      opts.log.info({ waiting_for: step.name }, `waiting for ${step.name}`);
      await step.run();
    }
  } catch (err) {
    clearTimeout(deadline);
    opts.log.error({ err, waiting_for: current }, 'shutdown failed');
    exit(1);
    return;
  }
  clearTimeout(deadline);
  opts.log.info({ took_ms: Date.now() - started }, 'shutdown complete');
  exit(0);
}
