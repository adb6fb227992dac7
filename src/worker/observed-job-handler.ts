/**
 * Wraps a queue job handler with its log lines and metrics: `job started` when a job begins and
 * `job finished` when it ends (id, project, kind, attempt, duration, outcome and, unless it
 * finished, the reason), and the job counter and duration histogram by kind and outcome.
 */
import type { Metrics } from '../core/ports/metrics.ts';
import type { Job, JobHandler } from '../core/ports/job-queue.ts';

/** What a handler may say about how its job ended (GenerationService.handleJob does). */
export interface JobReport {
  outcome: string;
  projectId?: string | null;
  reason?: string;
}

/** The log methods used (pino's). */
export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The handler with logs and metrics. A handler that throws is outcome `failed` (the error is
 * passed on to the queue); one that returns no report is `finished`.
 */
export function observedJobHandler(
  handler: (job: Job) => Promise<JobReport | void>,
  log: JobLog,
  metrics?: Pick<Metrics, 'job'>,
): JobHandler {
  return async (job) => {
    const started = process.hrtime.bigint();
    const payloadProject = job.payload.project_id;
    const base = {
      job_id: job.id,
      project_id: typeof payloadProject === 'string' ? payloadProject : null,
      kind: job.kind,
      attempt: job.attempt,
    };
    log.info(base, 'job started');
    const ended = (outcome: string, projectId: string | null | undefined, reason?: string) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics?.job(job.kind, outcome, seconds);
      const line = {
        ...base,
        project_id: projectId ?? base.project_id,
        duration_ms: Math.round(seconds * 1000),
        outcome,
        ...(reason ? { reason } : {}),
      };
      if (outcome === 'failed') log.error(line, 'job finished');
      else log.info(line, 'job finished');
    };
    let report: JobReport | void;
    try {
      report = await handler(job);
    } catch (err) {
      ended('failed', null, err instanceof Error ? err.message : String(err));
      throw err;
    }
    ended(report?.outcome ?? 'finished', report?.projectId, report?.reason);
  };
}
