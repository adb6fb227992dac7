/**
 * A text field that applies its text on change (when it loses focus, or Enter in a single line)
 * and keeps what the user is typing until then. The editor re-renders on every save and preview;
 * a plain controlled field would put the stored value back over unfinished typing at each of
 * them. The stored value shows again whenever it changes (an applied edit, undo, another layer).
 */
import type { TargetedEvent } from 'preact';
import { useState } from 'preact/hooks';

interface Props {
  id: string;
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
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Adjusting state while rendering (no effect, no flash of the old text).
    setShown(value);
    setDraft(value);
  }
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
