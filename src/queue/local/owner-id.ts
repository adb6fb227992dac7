/**
 * Who holds a job: `<host>#<pid>#<instance>`. Knowing the host and pid lets a process that
 * starts tell at once that the holder of a running job is dead (same host, pid gone, or its own
 * pid from a previous life, as in a restarted container), instead of waiting for the lease.
 */
import os from 'node:os';
import { newId } from '../../core/ids.ts';

/** Instances alive in this process (several queues may live in one process, e.g. in tests). */
const liveInstances = new Set<string>();

/** A new owner id for a queue of this process, registered as alive. */
export function newOwnerId(): string {
  const instance = newId(10);
  liveInstances.add(instance);
  return `${os.hostname()}#${process.pid}#${instance}`;
}

/** Marks an owner of this process as gone (closed or abandoned). */
export function retireOwnerId(owner: string): void {
  liveInstances.delete(owner.slice(owner.lastIndexOf('#') + 1));
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `owner` certainly is a dead process of this host; unknown hosts are never dead. */
export function ownerIsDead(owner: string): boolean {
  const parts = owner.split('#');
  if (parts.length < 3) return false;
  const instance = parts.pop()!;
  const pid = Number(parts.pop());
  const host = parts.join('#');
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return !liveInstances.has(instance);
  return !pidAlive(pid);
}
