/**
 * Shown over the canvas while the last preview failed: the picture under the boxes is then the
 * renderer's picture of an earlier design, and must not pass for the current one.
 */
export function StaleBadge() {
  return (
    <p class="stale-badge" role="alert">
      Out of date: the last change could not be previewed. The canvas shows an earlier version.
    </p>
  );
}
