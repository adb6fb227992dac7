/** A counter of busy slots that never waits: create_now either gets a slot now or is refused. */
export class ConcurrencySlots {
  private busy = 0;

  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Takes a slot; false when all are busy. */
  tryAcquire(): boolean {
    if (this.busy >= this.limit) return false;
    this.busy++;
    return true;
  }

  /** Gives a slot back. */
  release(): void {
    if (this.busy > 0) this.busy--;
  }

  /** Slots in use. */
  get inUse(): number {
    return this.busy;
  }
}
