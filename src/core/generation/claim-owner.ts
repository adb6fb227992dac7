/**
 * Claim owner ids: `<hostname>:<pid>:<random>`. A claim normally ends when its lease runs out;
 * when the owner is a process of this host that no longer exists (a crash, SIGKILL), its claims
 * can be taken over at once instead of waiting for the lease.
 */
import os from 'node:os';
import { newId } from '../ids.ts';

/** A new owner id for this process. */
export function newClaimOwner(): string {
  return `${os.hostname()}:${process.pid}:${newId(8)}`;
}

/**
 * True when `owner` names a process of this host other than this one that is not running.
 * `liveHere`, when given, lists every owner this process holds now: an owner with this process's
 * own pid that is not among them belonged to an earlier process that had the same pid (the main
 * process of a restarted container always gets the same pid), so it is dead too.
 */
export function isDeadLocalOwner(
  owner: string | null | undefined,
  liveHere?: ReadonlySet<string>,
): boolean {
  if (!owner) return false;
  const parts = owner.split(':');
  if (parts.length < 3) return false;
  const pid = Number(parts[parts.length - 2]);
  const host = parts.slice(0, -2).join(':');
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return liveHere ? !liveHere.has(owner) : false;
  // A pid that exists (or was reused): let the lease decide.
  return processIsGone(pid);
}

/** True when no process of this host has `pid` (one that exists, even another user's, is kept). */
export function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
