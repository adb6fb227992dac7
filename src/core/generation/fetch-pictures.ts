/** The downloads of a render: every picture of its pages, a few at a time. */
import type { AssetSource } from '../ports/asset-source.ts';
import { describeUsers, type AssetNeed } from './asset-plan.ts';
import { RenderJobFailure, safeMessage, type FailureLog } from './job-failure.ts';

/**
 * Downloads of one job at once. The process-wide bound (IMPRINT_FETCH_CONCURRENCY) lives in the
 * asset fetcher; this one keeps a job with many pictures from taking all of it.
 */
export const JOB_FETCH_CONCURRENCY = 6;

/**
 * Fetches every picture, at most JOB_FETCH_CONCURRENCY at once; all failures are reported
 * together, in the order of `needs`, each naming its layers.
 */
export async function fetchPictures(
  assets: AssetSource,
  needs: AssetNeed[],
  log?: FailureLog,
): Promise<FetchedPictures> {
  const { files, failed, screenshots } = await fetchEachPicture(assets, needs, log);
  const failures = failed.map((f) => `${describeUsers(f.need.where)}: ${f.message}`);
  if (failures.length) throw new RenderJobFailure('asset_fetch', failures);
  return { files, screenshots };
}

/** The fetched files by fetch key, and the keys that are screenshots of web pages. */
export interface FetchedPictures {
  files: Map<string, Buffer>;
  screenshots: string[];
}

/** A picture that could not be fetched: what needs it, and what the URL answered. */
export interface FailedPicture {
  need: AssetNeed;
  message: string;
}

/**
 * Fetches every picture as fetchPictures does, but hands back the failures (in the order of
 * `needs`) beside the fetched files instead of throwing.
 */
export async function fetchEachPicture(
  assets: AssetSource,
  needs: AssetNeed[],
  log?: FailureLog,
): Promise<FetchedPictures & { failed: FailedPicture[] }> {
  const files = new Map<string, Buffer>();
  const screenshots: string[] = [];
  const failed: FailedPicture[] = [];
  let next = 0;
  const fetchNext = async (): Promise<void> => {
    while (next < needs.length) {
      const i = next++;
      const need = needs[i];
      try {
        if (assets.fetchShown) {
          const shown = await assets.fetchShown(need.url);
          files.set(need.url, shown.bytes);
          if (shown.screenshot) screenshots.push(need.url);
        } else files.set(need.url, await assets.fetchPicture(need.url));
      } catch (err) {
        failed[i] = { need, message: safeMessage(err, log) };
      }
    }
  };
  const workers = Math.min(JOB_FETCH_CONCURRENCY, needs.length);
  await Promise.all(Array.from({ length: workers }, fetchNext));
  return { files, screenshots, failed: failed.filter((f) => f !== undefined) };
}
