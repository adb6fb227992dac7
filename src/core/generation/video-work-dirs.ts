/**
 * The job folders of video jobs: `imprint-video-<pid>-<random>` under the temp folder. A job
 * removes its own folder when it ends; a process killed mid-job (SIGKILL, out of memory, power)
 * cannot, and its sources and partial MP4 (up to gigabytes) would stay. So a process that starts
 * processing jobs removes the folders of processes of this host that are gone, and those of an
 * earlier process that had its pid (a restarted container's main process always gets the same
 * one: it has no job yet, so none of its pid's folders is its own).
 */
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processIsGone } from './claim-owner.ts';

const PREFIX = 'imprint-video-';

/** A new, empty job folder under `parent` (default: the OS temp folder). */
export function makeVideoWorkDir(parent = os.tmpdir()): Promise<string> {
  return fs.mkdtemp(path.join(parent, `${PREFIX}${process.pid}-`));
}

const swept = new Set<string>();

const NAME = new RegExp(`^${PREFIX}(\\d+)-[A-Za-z0-9]+$`);

/**
 * Removes the job folders under `parent` left by processes that no longer run, and by an earlier
 * process with this one's pid. Call it before this process starts any video job: the folders
 * are listed at once (synchronously), so folders its own jobs make afterwards are not among
 * them; the removal itself runs in the background. Folders of running processes are kept.
 * Resolves with the names removed.
 */
export function sweepStaleVideoWorkDirs(parent = os.tmpdir()): Promise<string[]> {
  // Once per process and folder: a second job consumer in the same process (tests run several)
  // must not take the first one's running jobs' folders for an earlier process's.
  if (swept.has(parent)) return Promise.resolve([]);
  swept.add(parent);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return Promise.resolve([]);
  }
  const stale = names.filter((name) => {
    const m = NAME.exec(name);
    return m !== null && foldersAreStale(Number(m[1]));
  });
  return removeAll(parent, stale);
}

async function removeAll(parent: string, stale: string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const name of stale) {
    try {
      await fs.rm(path.join(parent, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Not ours to remove (another user's temp folder): leave it.
    }
  }
  return removed;
}

/**
 * Whether the folders of `pid` are stale: it is this process's pid (an earlier process had it;
 * none of them is ours yet) or no process has it. A running (or reused) pid keeps its folders.
 */
function foldersAreStale(pid: number): boolean {
  return pid === process.pid || processIsGone(pid);
}
