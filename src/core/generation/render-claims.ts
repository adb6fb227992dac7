/**
 * Claims and leases of this process. A row being rendered carries its renderer's claim (owner and
 * lease end); the lease is renewed while the process lives, so when the process dies its rows
 * become claimable once their lease ends, and at once by a process of the same host that sees
 * the owner's pid is gone (claim-owner.ts).
 */
import type { RenderClaimStore } from '../ports/render-claim-store.ts';
import type { RenderRowStore } from '../ports/render-row-store.ts';
import { isDeadLocalOwner, newClaimOwner } from './claim-owner.ts';
import type { ClaimOptions, ResourceType } from './render-row.ts';

/** What claims need: the claim store, a row's holder, and where renewal failures go. */
export interface RenderClaimsDeps {
  claims: RenderClaimStore;
  rows: Pick<RenderRowStore, 'find'>;
  log?: { warn(obj: object, msg: string): void };
}

/** Lease of a claim when the settings name none. */
export const DEFAULT_CLAIM_LEASE_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** This process's claim owner id, its leases and the rows it is rendering. */
export class RenderClaims {
  readonly owner = newClaimOwner();
  /** Rows this process is rendering right now: claims are per process, so this guards within it. */
  private readonly running = new Set<string>();
  private renewTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private readonly deps: RenderClaimsDeps;
  readonly leaseMs: number;
  constructor(deps: RenderClaimsDeps, leaseMs = DEFAULT_CLAIM_LEASE_MS) {
    this.deps = deps;
    this.leaseMs = leaseMs;
  }

  /** The claim this process writes into rows. */
  get claim(): ClaimOptions {
    return { owner: this.owner, leaseMs: this.leaseMs };
  }

  /**
   * Claims the row, waiting up to `waitMs` for another owner's claim to end or expire; a
   * crashed process of this host gives its claim up at once.
   */
  async claimRow(type: ResourceType, id: number, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    const claim = this.claim;
    const { claims, rows } = this.deps;
    for (;;) {
      const r = await claims.claim(type, id, claim);
      if (r === 'claimed') return true;
      if (r === 'gone') return false;
      const holder = (await rows.find(type, id))?.claimed_by;
      if (isDeadLocalOwner(holder) && (await claims.claim(type, id, claim, holder!)) === 'claimed')
        return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(500, this.leaseMs / 4));
    }
  }

  /** Marks a row as rendered by this process; false when a run of this process has it already. */
  enter(type: ResourceType, id: number): boolean {
    const key = `${type}:${id}`;
    if (this.running.has(key)) return false;
    this.running.add(key);
    return true;
  }

  /** Whether a run of this process is rendering the row. */
  isRunning(type: ResourceType, id: number): boolean {
    return this.running.has(`${type}:${id}`);
  }

  /** The run of this process has left the row. */
  leave(type: ResourceType, id: number): void {
    this.running.delete(`${type}:${id}`);
  }

  /** Renews this process's claims (every third of a lease) while it may hold any. */
  keepRenewing(): void {
    if (this.renewTimer || this.closed) return;
    const claim = this.claim;
    this.renewTimer = setInterval(
      () => {
        this.deps.claims
          .renewClaims(claim)
          .catch((err) => this.deps.log?.warn({ err }, 'renewing render claims failed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    this.renewTimer.unref();
  }

  /** Stops renewing (the process is shutting down; its leases then run out). */
  close(): void {
    this.closed = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }
}
