/**
 * A text field that applies its text on change (when it loses focus, or Enter in a single line)
 * and keeps what the user is typing until then. The editor re-renders on every save and preview;
 * a plain controlled field would put the stored value back over unfinished typing at each of
 * them. The stored value shows again whenever it changes (an applied edit, undo, another layer).
 */
import type { TargetedEvent } from 'preact';
import { useState } from 'preact/hooks';

/**
 * The text a field shows: what the user typed, until the stored `value` changes; then the stored
 * value, unless `keepsTyped` says the typed text already stands for it.
 */
function useDraft(
  value: string,
  keepsTyped: (draft: string) => boolean = () => false,
): [string, (text: string) => void] {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Adjusting state while rendering (no effect, no flash of the old text).
    setShown(value);
    if (!keepsTyped(draft)) setDraft(value);
  }
  return [draft, setDraft];
}

interface Props {
  id: string;
  class?: string;
  'aria-label'?: string;
  /** The stored value, as text. */
  value: string;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'url';
  placeholder?: string;
  spellcheck?: boolean;
  /** Called with the field when its text changed and the user left it. */
  onCommit: (field: HTMLInputElement | HTMLTextAreaElement) => void;
}

export function DraftField({ value, rows, type, onCommit, ...attrs }: Props) {
  const [draft, setDraft] = useDraft(value);
  const handlers = {
    value: draft,
    onInput: (e: TargetedEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft(e.currentTarget.value),
    onChange: (e: TargetedEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onCommit(e.currentTarget),
  };
  if (rows) return <textarea rows={rows} {...attrs} {...handlers} />;
  if (type === 'url') return <input type="url" {...attrs} {...handlers} />;
  return <input type="text" {...attrs} {...handlers} />;
}

interface NumberProps {
  id: string;
  /** The stored value (a number, or a length string such as "12mm"); undefined when unset. */
  value: number | string | undefined;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
  /** Leaving the field empty removes the value (else the stored value comes back). */
  optional: boolean;
  onValue: (value: number | undefined) => void;
}

/** A complete decimal number: "1.05" or "-3", not "1." or "-" that are still being typed. */
const COMPLETE_NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;

/**
 * A number field that applies what is typed as soon as it is a complete number within its
 * bounds, so the canvas follows the typing, and keeps the text meanwhile: "1." stays on screen
 * on the way to "1.05". On leaving, text that is not such a number gives way to the stored value
 * (or, when the property is optional and the field empty, removes the value).
 */
export function NumberField({ value, min, max, optional, onValue, ...attrs }: NumberProps) {
  const text = value === undefined ? '' : String(value);
  // "1.50" typed and 1.5 stored: the typed text stays.
  const [draft, setDraft] = useDraft(
    text,
    (typed) => COMPLETE_NUMBER.test(typed.trim()) && Number(typed) === value,
  );
  const accepted = (t: string): number | undefined => {
    const v = t.trim();
    if (!COMPLETE_NUMBER.test(v)) return undefined;
    const n = Number(v);
    return (min === undefined || n >= min) && (max === undefined || n <= max) ? n : undefined;
  };
  return (
    <input
      type="number"
      min={min}
      max={max}
      {...attrs}
      value={draft}
      onInput={(e) => {
        const t = e.currentTarget.value;
        setDraft(t);
        const n = accepted(t);
        if (n !== undefined && n !== value) onValue(n);
      }}
      onChange={(e) => {
        const t = e.currentTarget.value;
        if (t.trim() === '' && optional) {
          if (value !== undefined) onValue(undefined);
        } else if (accepted(t) === undefined) setDraft(text);
      }}
    />
  );
}
