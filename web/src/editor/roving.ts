/**
 * Roving focus for a list of rows (the layers panel): the list is one tab stop, the arrow keys
 * move within it. Up and Down go to the previous or next row, Left and Right between a row's
 * buttons, Home and End to the first and last row. The row last focused keeps the tab stop.
 */
import { useEffect, useRef } from 'preact/hooks';

const ITEMS = 'button:not([disabled]), input';

export function useRovingRows<T extends HTMLElement>() {
  const list = useRef<T>(null);
  const current = useRef(0);
  const rows = () => [...(list.current?.children ?? [])] as HTMLElement[];
  const itemsOf = (row: HTMLElement | undefined) =>
    row ? [...row.querySelectorAll<HTMLElement>(ITEMS)] : [];

  // After each render: only the current row's first button is in the tab order.
  useEffect(() => {
    const all = rows();
    if (!all.length) return;
    if (current.current >= all.length) current.current = all.length - 1;
    for (const [i, row] of all.entries())
      itemsOf(row).forEach((el, j) => (el.tabIndex = i === current.current && j === 0 ? 0 : -1));
  });

  const onFocusIn = (e: FocusEvent) => {
    const i = rows().findIndex((r) => r.contains(e.target as Node));
    if (i < 0) return;
    current.current = i;
    for (const [k, row] of rows().entries())
      itemsOf(row).forEach((el) => (el.tabIndex = k === i && el === e.target ? 0 : -1));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (t.tagName === 'INPUT') return;
    const all = rows();
    const r = all.findIndex((row) => row.contains(t));
    if (r < 0) return;
    const items = itemsOf(all[r]);
    const j = items.indexOf(t);
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowDown') next = itemsOf(all[r + 1])[0];
    else if (e.key === 'ArrowUp') next = itemsOf(all[r - 1])[0];
    else if (e.key === 'Home') next = itemsOf(all[0])[0];
    else if (e.key === 'End') next = itemsOf(all[all.length - 1])[0];
    else if (e.key === 'ArrowRight') next = items[Math.min(items.length - 1, j + 1)];
    else if (e.key === 'ArrowLeft') next = items[Math.max(0, j - 1)];
    else return;
    // The arrows move focus here; they do not also nudge the selected layers.
    e.preventDefault();
    e.stopPropagation();
    next?.focus();
  };

  return { ref: list, onFocusIn, onKeyDown };
}
