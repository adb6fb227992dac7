/**
 * A layer property that the test data sets for the canvas (the text of a text layer, a picture's
 * image…): the preview shows the test value, not the property, so an edit to the property would
 * seem to do nothing. The field says so and offers to clear the test value.
 */
import type { LayerData } from '../api.ts';

export function OverrideNote(props: {
  layer: string;
  prop: string;
  data: LayerData;
  setData: (d: LayerData) => void;
}) {
  const { layer, prop, data } = props;
  if (data[layer]?.[prop] === undefined) return null;
  const clear = () => {
    const rest = { ...data[layer] };
    delete rest[prop];
    const next = { ...data };
    if (Object.keys(rest).length) next[layer] = rest;
    else delete next[layer];
    props.setData(next);
  };
  return (
    <p class="override-note" role="note" data-prop={prop}>
      The canvas shows this layer's test data, not this {prop}.{' '}
      <button type="button" onClick={clear}>
        Clear test value
      </button>
    </p>
  );
}
