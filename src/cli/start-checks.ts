/**
 * Checks before a process that shares its work with others starts: a worker (or an API-only
 * `serve`) on local storage writes files other machines cannot read, and a worker without
 * IMPRINT_PUBLIC_URL sends webhook bodies whose URLs point at localhost, and one without
 * IMPRINT_SECRET_KEY on a shared queue fails every transfer it is given.
 */
import { ConfigError, type Config } from '../config.ts';

/** Which kind of process starts. */
export type ProcessRole = 'worker' | 'serve';

/**
 * Throws a ConfigError when the settings cannot work for this process; returns warnings to print
 * where a problem cannot be detected.
 */
export function checkSharedSetup(config: Config, role: ProcessRole): string[] {
  return [...storageWarnings(config, role), ...secretKeyWarnings(config, role)];
}

/**
 * A worker or API-only serve sharing PostgreSQL or Redis without IMPRINT_SECRET_KEY: the start
 * still works (renders without transfers need no key), but every transfer would fail per job.
 */
function secretKeyWarnings(config: Config, role: ProcessRole): string[] {
  const splitsWork = role === 'worker' || !config.runJobs;
  const shared = config.database.kind === 'postgres' || config.redisUrl !== null;
  if (!splitsWork || !shared || config.secretKey) return [];
  const consequence =
    role === 'worker'
      ? 'a transfer this worker runs ends in error'
      : 'a queued render with a transfer answers 503';
  return [
    `IMPRINT_SECRET_KEY is not set: transfers (renders with "transfer") need it on every process of a shared installation, so ${consequence}; set the same IMPRINT_SECRET_KEY (at least 32 characters, e.g. openssl rand -base64 32) on every serve and worker (see docs/scaling-out.md)`,
  ];
}

/** Refuses or warns about local storage on a process that shares its work. */
function storageWarnings(config: Config, role: ProcessRole): string[] {
  if (role === 'worker' && !config.publicUrlSet) {
    throw new ConfigError(
      'IMPRINT_PUBLIC_URL',
      'a worker builds the image, PDF and polling URLs of webhooks and needs the address clients reach the API at, e.g. IMPRINT_PUBLIC_URL=https://imprint.example.com',
    );
  }
  if (config.storage.kind !== 'local') return [];
  const splitsWork = role === 'worker' || !config.runJobs;
  const who = role === 'worker' ? 'a worker' : 'an API-only serve (IMPRINT_RUN_JOBS=0)';
  if (config.database.kind === 'postgres') {
    if (!splitsWork) {
      return [
        "files are stored on this machine's disk (IMPRINT_STORAGE=local); if other processes share this PostgreSQL database, they cannot serve them: set IMPRINT_STORAGE=s3 (see docs/storage.md)",
      ];
    }
    throw new ConfigError(
      'IMPRINT_STORAGE',
      `${who} shares the PostgreSQL database with other processes, but local storage keeps files on this machine's disk, where the others cannot read them (their file URLs would answer 404): set IMPRINT_STORAGE=s3 and IMPRINT_S3_BUCKET (see docs/storage.md)`,
    );
  }
  if (!splitsWork) return [];
  return [
    `${who} with local storage: files are stored under ${config.dataDir}/files, so every imprint serve and worker must run on this machine with the same IMPRINT_DATA_DIR; for several machines set IMPRINT_STORAGE=s3 (see docs/storage.md)`,
  ];
}
