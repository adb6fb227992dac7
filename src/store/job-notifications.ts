/**
 * Wake-ups of the embedded job queue on PostgreSQL: a trigger (migration 0010) notifies the
 * channel `imprint_jobs_<schema>` whenever a job becomes queued, and each consuming process
 * LISTENs on a dedicated connection (a pooled one would lose the subscription), so a job enqueued
 * by any process is claimed at once instead of at the next poll. Polling stays as the fallback:
 * a lost connection is re-opened after a pause, and the queue is woken then in case a
 * notification was missed meanwhile.
 */
import pg from 'pg';

/** A running subscription. */
export interface JobListener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

/** Where to listen: the database URL and the schema the queue's table lives in (search_path). */
export interface ListenTarget {
  url: string;
  schema?: string;
}

/** The channel of a schema's job notifications; matches the trigger (63-byte identifier limit). */
export function jobChannel(schema: string): string {
  return `imprint_jobs_${schema}`.slice(0, 63);
}

const RECONNECT_MS = 1000;

/**
 * Calls `wake` on every notification of the schema's job channel, until closed. Connection
 * failures are reported to `onError` and retried every second.
 */
export function listenForJobs(
  target: ListenTarget,
  wake: () => void,
  onError: (err: unknown) => void,
): JobListener {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: target.url,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
    });
    client = c;
    c.on('notification', () => wake());
    c.on('error', (err) => {
      onError(err);
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      retry();
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ s: string }>('select current_schema() as s');
      const channel = jobChannel(rows[0]?.s ?? 'public');
      await c.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (closed) await c.end();
      // Jobs queued while nobody listened (start, or a reconnect) are claimed now.
      else wake();
    } catch (err) {
      onError(err);
      await c.end().catch(() => undefined);
      if (client === c) client = null;
      retry();
    }
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
