/** The registry's lengths of each layer type (its `px` properties), for unit changes and resizing. */
import { SPECS } from '../specs.ts';
import type { LengthsOf } from './resize.ts';

export const lengthsOf: LengthsOf = (type) =>
  Object.entries(SPECS.types[type] ?? {})
    .filter(([, s]) => s.kind === 'px')
    .map(([p]) => p);
