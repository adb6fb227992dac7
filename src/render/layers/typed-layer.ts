/**
 * The typed boundary of the layer registry: a stored layer is a bag of unknown values, a layer
 * type's draw() and checkTogether() get it as LayerOf<S>, each property of the type's specs
 * holding a value of the type the spec promises. Checked layers (validateDesign, prepareRender)
 * already hold such values, so reading them costs a type test per property; a layer that does
 * not is checked on a copy first, so drawing never depends on validation having run.
 */
import { checkProps } from '../design/prop-specs.ts';
import type { LayerOf, LayerSpec, LayerType, PropSpec, PropSpecs } from '../types.ts';

/** Declares a layer type, inferring its specs' literal types so draw() gets typed properties. */
export function defineLayerType<const S extends PropSpecs>(type: LayerType<S>): LayerType<S> {
  return type;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** True when `v` is a value the check of `spec` leaves as it is (its declared type). */
export function holdsPropValue(spec: PropSpec, v: unknown): boolean {
  switch (spec.kind) {
    case 'px':
    case 'number':
      return isNumber(v);
    case 'enum':
      return typeof v === 'string' && spec.values.includes(v);
    case 'color':
      return typeof v === 'string' || (v === null && (spec.nullable ?? spec.def === null));
    case 'boolean':
      return typeof v === 'boolean';
    case 'string':
      return typeof v === 'string';
    case 'url':
      return typeof v === 'string' || v === null;
    case 'custom':
      return spec.is ? spec.is(v) : true;
  }
}

/** True when every property of `specs` holds a value of its declared type. */
export function hasTypedProps<S extends PropSpecs>(
  specs: S,
  layer: LayerSpec,
): layer is LayerOf<S> {
  for (const prop in specs) if (!holdsPropValue(specs[prop], layer[prop])) return false;
  return true;
}

/**
 * `layer` as its type's typed layer: the layer itself when its properties are checked, else a
 * copy whose properties were checked (bad values replaced by their defaults, problems dropped:
 * they were reported when the design was validated).
 */
export function readLayer<S extends PropSpecs>(type: LayerType<S>, layer: LayerSpec): LayerOf<S> {
  return readProps(type.props, layer);
}

/** `layer` with the properties of `specs` read as they declare them (see readLayer). */
export function readProps<S extends PropSpecs>(specs: S, layer: LayerSpec): LayerOf<S> {
  if (hasTypedProps(specs, layer)) return layer;
  const copy: LayerSpec = { ...layer };
  checkProps({ layer: copy, path: `layers.${layer.name}`, problems: [] }, specs);
  if (hasTypedProps(specs, copy)) return copy;
  // Every check writes its default over a bad value, so this only happens to a broken spec.
  throw new Error(`the property checks of layer "${layer.name}" left a value of another type`);
}
