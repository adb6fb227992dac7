/** The order of the properties panel: the layer's box first, and the panel shown from its top. */

/** The layer box and its turn, shown first for every layer type. */
const FIRST = ['x', 'y', 'width', 'height', 'rotation'];

/** `entries` with the geometry first (in FIRST's order), the rest in their own order. */
export function geometryFirst<T>(entries: [string, T][]): [string, T][] {
  const rank = (p: string) => (FIRST.includes(p) ? FIRST.indexOf(p) : FIRST.length);
  return [...entries].sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** Scrolls the nearest scrolling ancestor of `el` so that `el`'s top is at its top. */
export function scrollToTop(el: HTMLElement | null): void {
  for (let p = el?.parentElement; el && p; p = p.parentElement) {
    if (p.scrollHeight > p.clientHeight && getComputedStyle(p).overflowY !== 'visible') {
      p.scrollTop += el.getBoundingClientRect().top - p.getBoundingClientRect().top;
      return;
    }
  }
}
