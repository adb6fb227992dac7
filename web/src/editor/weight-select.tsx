/**
 * `font_weight` as a choice of the weights the layer's font family has: a project font's family
 * (its faces uploaded to the project), a font library family or a bundled family. A stored weight the family lacks
 * stays listed, marked, since the renderer then picks the nearest face or synthesises bold.
 */
import type { Font, Layer } from '../api.ts';
import { SPECS } from '../specs.ts';

const NAMES: Record<number, string> = {
  100: 'Thin',
  200: 'Extra light',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'Semibold',
  700: 'Bold',
  800: 'Extra bold',
  900: 'Black',
};

/** The weights of the family of `font` (a project font's uuid or family, or a bundled name). */
export function familyWeights(font: unknown, fonts: Font[]): number[] {
  const ref = typeof font === 'string' ? font.trim() : '';
  const project = fonts.find((f) => f.uuid === ref);
  const family = (project?.family ?? ref).toLowerCase();
  const faces = fonts.filter((f) => f.family && f.family.toLowerCase() === family && f.weight);
  if (faces.length) return [...new Set(faces.map((f) => f.weight!))].sort((a, b) => a - b);
  if (project) return [project.weight ?? 400];
  const library = SPECS.fontLibrary.find((f) => f.name.toLowerCase() === family);
  if (library) return library.weights;
  const bundled = Object.keys(SPECS.fontWeights).find((n) => n.toLowerCase() === family);
  return SPECS.fontWeights[bundled ?? SPECS.fonts[0]] ?? [400, 700];
}

const weightOf = (v: unknown): number | undefined =>
  v === 'bold' ? 700 : v === 'normal' ? 400 : v == null || v === '' ? undefined : Number(v);

export function WeightSelect(props: {
  id: string;
  layer: Layer;
  fonts: Font[];
  set: (v: unknown) => void;
}) {
  const weights = familyWeights(props.layer.font, props.fonts);
  const current = weightOf(props.layer.font_weight);
  const listed =
    current === undefined || weights.includes(current) ? weights : [...weights, current];
  return (
    <select
      id={props.id}
      value={current === undefined ? '' : String(current)}
      onChange={(e) => {
        const v = e.currentTarget.value;
        props.set(v === '' ? undefined : Number(v));
      }}
    >
      <option value="">Default (400 Regular)</option>
      {listed.map((w) => (
        <option key={w} value={String(w)}>
          {`${w} ${NAMES[w] ?? ''}`.trim()}
          {weights.includes(w) ? '' : ' (not in this family)'}
        </option>
      ))}
    </select>
  );
}
