/**
 * A table's rows as test data: a JSON array of rows (each an array of cells, or an object keyed
 * by column), applied when the text parses; text that does not parse is marked invalid and kept.
 */
import { DraftField } from './draft-field.tsx';

export function RowsField(props: { id: string; value: unknown; onValue: (v: unknown) => void }) {
  return (
    <DraftField
      id={props.id}
      rows={4}
      spellcheck={false}
      placeholder='[["Lamp", "€49"], ["Pen", "€2"]]'
      value={props.value == null ? '' : JSON.stringify(props.value)}
      onCommit={(field) => {
        const text = field.value.trim();
        if (text === '') {
          field.setCustomValidity('');
          return props.onValue(undefined);
        }
        try {
          const parsed: unknown = JSON.parse(text);
          if (!Array.isArray(parsed)) throw new Error('not a list');
          field.setCustomValidity('');
          props.onValue(parsed);
        } catch {
          field.setCustomValidity('A JSON list of rows, e.g. [["Lamp", "€49"]]');
          field.reportValidity();
        }
      }}
    />
  );
}
