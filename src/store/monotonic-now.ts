/**
 * Timestamps that never repeat or go backwards within a process, so rows created in the same
 * millisecond still sort in creation order by created_at (the uuid only breaks cross-process ties).
 */
let last = 0;

/** The current time as ISO 8601, at least one millisecond after the previous call's. */
export function monotonicNow(): string {
  const now = Date.now();
  last = now > last ? now : last + 1;
  return new Date(last).toISOString();
}
