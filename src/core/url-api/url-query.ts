/**
 * The request a URL API query string describes: `{layer}[{prop}]={value}` pairs are the layer
 * data of POST /images, and the plain parameters `width`, `height`, `image_format`, `dpi`,
 * `filename` and `color_mode` its modifications (sizes and dpi as numbers). Layer values stay
 * text here (coerceLayerValues types them against the template); anything else is a field error.
 * `template_version` (a whole number ≥ 1) pins the version of the design drawn.
 */
import qs from 'qs';
import { readScalar } from '../../render/index.ts';
import type { FieldErrors } from '../errors.ts';

/** Query parameters that are image modifications rather than layer data. */
export const URL_MODIFICATIONS = [
  'width',
  'height',
  'image_format',
  'dpi',
  'filename',
  'color_mode',
] as const;

/** Modifications whose values are whole numbers. */
const NUMERIC_MODIFICATIONS = new Set(['width', 'height', 'dpi']);

/** Most parameters one URL may carry (a design has at most a few hundred layer properties). */
export const URL_PARAMETER_MAX = 1000;

/** What a query string asks for: layer data and modifications, still unchecked by the engine. */
export interface UrlImageQuery {
  layers: Record<string, Record<string, string>>;
  modifications: Record<string, string | number>;
  /** The version `template_version` pins; absent: the published version, else the latest. */
  templateVersion?: number;
}

const isWholeNumber = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e9;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses the signed part of a query string (`s` already removed) into a request and errors. */
export function parseUrlQuery(signedQuery: string): { query: UrlImageQuery; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  // depth 1: `layer[prop]` nests once; `a[b][c]` keeps "[c]" in a nested key and is refused below.
  // No arrays: a repeated parameter becomes a list, which is refused as given twice.
  const parsed = qs.parse(signedQuery, {
    depth: 1,
    parseArrays: false,
    plainObjects: true,
    parameterLimit: URL_PARAMETER_MAX + 1,
  }) as Record<string, unknown>;
  const query: UrlImageQuery = { layers: {}, modifications: {} };
  if (Object.keys(parsed).length > URL_PARAMETER_MAX) {
    add('query', `A URL may carry at most ${URL_PARAMETER_MAX} parameters.`);
    return { query, errors };
  }
  for (const [name, value] of Object.entries(parsed)) {
    if (name === 'template_version') {
      // Named as in POST /images (Bannerbear's field): a whole number ≥ 1; empty means absent.
      const n = typeof value === 'string' ? readScalar(value, 'number') : undefined;
      if (typeof value !== 'string') {
        add(name, 'The template_version parameter must be given once, as template_version=n.');
      } else if (value === '') {
        // Empty: the published version (else the latest), as if absent.
      } else if (isWholeNumber(n) && n >= 1) {
        query.templateVersion = n;
      } else {
        add(
          name,
          `The template_version parameter must be a whole number of 1 or more; received ${JSON.stringify(value)}.`,
        );
      }
      continue;
    }
    if ((URL_MODIFICATIONS as readonly string[]).includes(name)) {
      // Named as in POST /images, so both APIs report a modification under the same field.
      const field = `modifications.${name}`;
      if (typeof value !== 'string') {
        add(field, `The ${name} parameter must be given once, as ${name}=value.`);
      } else if (value === '') {
        // Empty: the default, as if the parameter were absent.
      } else if (!NUMERIC_MODIFICATIONS.has(name)) {
        query.modifications[name] = value;
      } else if (isWholeNumber(readScalar(value, 'number'))) {
        // The same reading of "600" as a JSON or form body's (scalars.ts), then a whole number.
        query.modifications[name] = readScalar(value, 'number') as number;
      } else {
        add(
          field,
          `The ${name} parameter must be a whole number; received ${JSON.stringify(value)}.`,
        );
      }
      continue;
    }
    if (!isRecord(value)) {
      add(
        name,
        `The ${name} parameter is neither a modification (${URL_MODIFICATIONS.join(', ')}) nor layer data: write layer values as ${name}[property]=value.`,
      );
      continue;
    }
    const layer: Record<string, string> = {};
    for (const [prop, v] of Object.entries(value)) {
      const field = `layers.${name}.${prop}`;
      if (typeof v === 'string') layer[prop] = v;
      else if (isRecord(v))
        add(field, `The ${name}[${prop}] parameter nests too deep: write ${name}[property]=value.`);
      else add(field, `The ${name}[${prop}] parameter must be given once.`);
    }
    query.layers[name] = layer;
  }
  return { query, errors };
}
