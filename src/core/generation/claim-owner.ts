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

/** True when `owner` names a process of this host other than this one that is not running. */
export function isDeadLocalOwner(owner: string | null | undefined): boolean {
  if (!owner) return false;
  const parts = owner.split(':');
  if (parts.length < 3) return false;
  const pid = Number(parts[parts.length - 2]);
  const host = parts.slice(0, -2).join(':');
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) {
    return false;
  }
  try {
    process.kill(pid, 0);
    return false; // it exists (or the pid was reused): let the lease decide
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
