/**
 * The per-process pixel budget (IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT): an async semaphore weighted
 * by the pixels a render holds in memory. Queued jobs and create_now renders take their weight
 * before they reach a render thread and give it back when the thread is done, so the renders in
 * flight never hold more pixels than the budget, whatever the thread count.
 *
 * Waiters are served strictly in arrival order, so a large render is never starved by a stream of
 * small ones. A render larger than the whole budget runs alone: it waits until nothing else holds
 * budget and then takes all of it.
 */

/** Gives the taken pixels back; calling it again does nothing. */
export type ReleasePixels = () => void;

interface Waiter {
  weight: number;
  grant(): void;
}

/** A weighted FIFO semaphore counting pixels. */
export class PixelBudget {
  private held = 0;
  private readonly queue: Waiter[] = [];

  /** `capacity`: pixels that may be in flight at once (≥ 1). */
  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
    if (!Number.isFinite(capacity) || capacity < 1) {
      throw new RangeError('A pixel budget must be at least 1 pixel');
    }
  }

  /**
   * Waits until `pixels` fit next to what is in flight (a render above the capacity counts as the
   * whole capacity), takes them and resolves with their release function.
   */
  acquire(pixels: number): Promise<ReleasePixels> {
    const weight = Math.min(this.capacity, Math.max(0, Math.ceil(pixels)));
    return new Promise<ReleasePixels>((resolve) => {
      this.queue.push({ weight, grant: () => resolve(this.releaser(weight)) });
      this.grantWaiting();
    });
  }

  /** Pixels taken by renders in flight. */
  get inFlight(): number {
    return this.held;
  }

  /** Renders waiting for budget. */
  get waiting(): number {
    return this.queue.length;
  }

  private releaser(weight: number): ReleasePixels {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= weight;
      this.grantWaiting();
    };
  }

  /** Grants waiters in order while the first one fits. */
  private grantWaiting(): void {
    while (this.queue.length > 0 && this.held + this.queue[0].weight <= this.capacity) {
      const next = this.queue.shift()!;
      this.held += next.weight;
      next.grant();
    }
  }
}
