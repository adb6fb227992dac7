/**
 * The render slots of a process: how many jobs may be in their render stage (fonts, pixel budget,
 * render thread) at once. A job takes its slot only once its downloads are done, so jobs waiting
 * for slow picture servers hold queue slots, never render slots.
 *
 * Waiters are served by project, not in arrival order: a free slot goes to the waiting project
 * that holds the fewest slots (ties: the one that has waited longest). A project with many jobs
 * ready to render therefore pushes another project's job back by at most the end of the first
 * of its renders, however many of its jobs wait.
 */

/** Gives the slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

interface Waiter {
  project: string;
  grant(): void;
}

/** A counting semaphore whose waiters are served fairly between projects. */
export class RenderSlots {
  private readonly held = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private busy = 0;

  /** `limit`: jobs in their render stage at once (≥ 1). */
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError('Render slots must be a whole number ≥ 1');
    }
  }

  /** Waits for a slot for a job of `project` and resolves with its release function. */
  acquire(project: string): Promise<ReleaseSlot> {
    return new Promise<ReleaseSlot>((resolve) => {
      this.queue.push({ project, grant: () => resolve(this.releaser(project)) });
      this.grantWaiting();
    });
  }

  /** Slots in use. */
  get inUse(): number {
    return this.busy;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  private releaser(project: string): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy--;
      const left = (this.held.get(project) ?? 1) - 1;
      if (left > 0) this.held.set(project, left);
      else this.held.delete(project);
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    while (this.busy < this.limit && this.queue.length > 0) {
      // The waiter whose project holds the fewest slots; the earliest among equals.
      let best = 0;
      let fewest = this.held.get(this.queue[0].project) ?? 0;
      for (let i = 1; i < this.queue.length && fewest > 0; i++) {
        const n = this.held.get(this.queue[i].project) ?? 0;
        if (n < fewest) {
          best = i;
          fewest = n;
        }
      }
      const [next] = this.queue.splice(best, 1);
      this.busy++;
      this.held.set(next.project, fewest + 1);
      next.grant();
    }
  }
}
