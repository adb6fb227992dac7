/**
 * A structured property (a table's columns or rows) as JSON text: applied when it parses, marked
 * invalid and left unapplied while it does not; empty removes the value.
 */
import { DraftField } from './draft-field.tsx';

export function JsonField({
  id,
  value,
  set,
}: {
  id: string;
  value: unknown;
  set: (v: unknown) => void;
}) {
  return (
    <DraftField
      id={id}
      rows={6}
      spellcheck={false}
      value={value == null ? '' : JSON.stringify(value, null, 1)}
      onCommit={(field) => {
        const text = field.value.trim();
        if (text === '') return set(undefined);
        try {
          const parsed: unknown = JSON.parse(text);
          field.setCustomValidity('');
          set(parsed);
        } catch {
          field.setCustomValidity('Not valid JSON');
          field.reportValidity();
        }
      }}
    />
  );
}
