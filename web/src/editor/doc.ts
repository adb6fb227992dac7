/**
 * The edited design: its layers in drawing order (the first is drawn first, at the bottom), the
 * selection, and the undo history. Every change goes through `commit`, which records the
 * previous design, so undo and redo cover everything that is saved.
 */
import type { Design, Layer } from '../api.ts';

/** At least 100 steps of undo, as the editor promises; more cost only memory. */
export const HISTORY_LIMIT = 200;

/** Editor-only flags kept in the stored design (the renderer ignores unknown properties). */
export const LOCKED = 'editor_locked';

type Listener = () => void;

export class EditorDoc {
  design: Design;
  selection: string[] = [];
  private past: Design[] = [];
  private future: Design[] = [];
  private listeners = new Set<Listener>();
  /** Counts commits, so autosave knows whether anything changed since a save started. */
  version = 0;

  constructor(design: Design) {
    this.design = design;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  private lastMerge: { key: string; at: number } | null = null;

  /**
   * Replaces the design with `next` as one undoable step. Changes with the same `mergeKey`
   * within a second (typing into one field) make one step together.
   */
  commit(next: Design, mergeKey?: string): void {
    const now = Date.now();
    const merge =
      mergeKey !== undefined &&
      this.lastMerge?.key === mergeKey &&
      now - this.lastMerge.at < 1000 &&
      this.past.length > 0;
    this.lastMerge = mergeKey === undefined ? null : { key: mergeKey, at: now };
    if (!merge) this.past.push(this.design);
    if (this.past.length > HISTORY_LIMIT) this.past.shift();
    this.future = [];
    this.design = next;
    this.version++;
    this.selection = this.selection.filter((n) => next.layers.some((l) => l.name === n));
    this.emit();
  }

  /** Changes the layers named in `names` with `fn`, as one step. */
  update(names: string[], fn: (layer: Layer) => Layer, mergeKey?: string): void {
    if (names.length === 0) return;
    const set = new Set(names);
    this.commit(
      {
        ...this.design,
        layers: this.design.layers.map((l) => (set.has(l.name) ? fn({ ...l }) : l)),
      },
      mergeKey,
    );
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  undo(): void {
    const prev = this.past.pop();
    if (!prev) return;
    this.lastMerge = null;
    this.future.push(this.design);
    this.design = prev;
    this.version++;
    this.selection = this.selection.filter((n) => prev.layers.some((l) => l.name === n));
    this.emit();
  }

  redo(): void {
    const next = this.future.pop();
    if (!next) return;
    this.past.push(this.design);
    this.design = next;
    this.version++;
    this.emit();
  }

  select(names: string[]): void {
    this.selection = names;
    this.emit();
  }

  layer(name: string): Layer | undefined {
    return this.design.layers.find((l) => l.name === name);
  }

  /** A layer name not in `taken`: `text`, `text_2`, `text_3`… */
  freeName(base: string, taken = new Set(this.design.layers.map((l) => l.name))): string {
    if (!taken.has(base)) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
  }

  /** Adds layers on top, with names made unique, and selects them. */
  add(layers: Layer[]): void {
    const taken = new Set(this.design.layers.map((l) => l.name));
    const added = layers.map((l) => {
      const name = this.freeName(l.name.replace(/_\d+$/, ''), taken);
      taken.add(name);
      return { ...l, name };
    });
    this.commit({ ...this.design, layers: [...this.design.layers, ...added] });
    this.select(added.map((l) => l.name));
  }

  remove(names: string[]): void {
    const set = new Set(names);
    this.commit({ ...this.design, layers: this.design.layers.filter((l) => !set.has(l.name)) });
  }

  /** Copies of `names`, shifted by `offset`, on top. */
  duplicate(names: string[], offset = 10): void {
    const copies = this.design.layers
      .filter((l) => names.includes(l.name))
      .map((l) => ({ ...l, x: l.x + offset, y: l.y + offset }));
    if (copies.length) this.add(copies);
  }

  rename(from: string, to: string): string | null {
    const name = to.trim();
    if (!name) return 'A layer needs a name.';
    if (name !== from && this.layer(name)) return `There is already a layer "${name}".`;
    this.commit({
      ...this.design,
      layers: this.design.layers.map((l) => (l.name === from ? { ...l, name } : l)),
    });
    this.selection = this.selection.map((n) => (n === from ? name : n));
    this.emit();
    return null;
  }

  /** Moves `names` in the drawing order: to the top/bottom, or one step up/down. */
  reorder(names: string[], where: 'front' | 'back' | 'forward' | 'backward'): void {
    const layers = [...this.design.layers];
    const set = new Set(names);
    if (where === 'front' || where === 'back') {
      const moved = layers.filter((l) => set.has(l.name));
      const rest = layers.filter((l) => !set.has(l.name));
      this.commit({
        ...this.design,
        layers: where === 'front' ? [...rest, ...moved] : [...moved, ...rest],
      });
      return;
    }
    const idx = layers.map((l, i) => (set.has(l.name) ? i : -1)).filter((i) => i >= 0);
    if (where === 'forward') idx.reverse();
    for (const i of idx) {
      const j = where === 'forward' ? i + 1 : i - 1;
      if (j < 0 || j >= layers.length || set.has(layers[j].name)) continue;
      [layers[i], layers[j]] = [layers[j], layers[i]];
    }
    this.commit({ ...this.design, layers });
  }

  /** Puts layer `name` at drawing position `index` (a drag in the layers panel). */
  moveTo(name: string, index: number): void {
    const layers = this.design.layers.filter((l) => l.name !== name);
    const layer = this.layer(name);
    if (!layer) return;
    layers.splice(Math.max(0, Math.min(index, layers.length)), 0, layer);
    this.commit({ ...this.design, layers });
  }
}
