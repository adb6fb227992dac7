/**
 * Which PDF pages a layer is drawn on when a table continues over several (`repeat`: all pages,
 * the first or the last; all is stored as no value): a choice in the properties panel, a mark
 * in the layers panel, and the test the PDF view uses to tell the layers of the page it shows.
 */
import type { Layer } from '../api.ts';
import { SPECS } from '../specs.ts';
import type { EditorDoc } from './doc.ts';
import './page-strip.css';

export type Repeat = 'all' | 'first' | 'last';

const CHOICES: Array<[Repeat, string]> = [
  ['all', 'All pages'],
  ['first', 'First page'],
  ['last', 'Last page'],
];

export const repeatOf = (layer: Layer): Repeat =>
  layer.repeat === 'first' || layer.repeat === 'last' ? layer.repeat : 'all';

/** Whether `layer` is drawn on page `i` (0-based) of `n` (flowing tables have their own rows). */
export function onPage(layer: Layer, i: number, n: number): boolean {
  const r = repeatOf(layer);
  return r === 'first' ? i === 0 : r === 'last' ? i === n - 1 : true;
}

export function RepeatField({ doc, layer }: { doc: EditorDoc; layer: Layer }) {
  const value = repeatOf(layer);
  const isTable = layer.type === 'table';
  return (
    <div class="field" title={SPECS.common.repeat?.description}>
      <span id="prop-repeat">Pages</span>
      <span class="control toggles" role="group" aria-labelledby="prop-repeat">
        {CHOICES.map(([v, text]) => (
          <button
            key={v}
            type="button"
            aria-pressed={value === v}
            disabled={isTable}
            onClick={() =>
              doc.update([layer.name], (l) => {
                const next = { ...l, repeat: v };
                if (v === 'all') delete (next as Record<string, unknown>).repeat;
                return next;
              })
            }
          >
            {text}
          </button>
        ))}
      </span>
      {isTable && (
        <span class="hint" style={{ gridColumn: '2' }}>
          A table continues its rows over as many pages as they need.
        </span>
      )}
    </div>
  );
}

/** A mark after a layer's name in the layers panel when it is not on every page. */
export function RepeatMark({ layer }: { layer: Layer }) {
  const r = repeatOf(layer);
  if (r === 'all') return null;
  return (
    <span
      class="repeat-mark"
      title={`Only on the ${r} page of a PDF whose table continues over several`}
    >
      {r === 'first' ? '1st' : 'last'}
    </span>
  );
}
