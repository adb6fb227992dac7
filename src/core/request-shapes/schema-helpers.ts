/**
 * TypeBox helpers for the request shapes. They write the JSON Schema the routes have always had
 * (`type: [t, 'null']`, `enum: [..., null]`) rather than TypeBox's `anyOf` forms: Ajv then reports
 * one message per bad field, as before, and the OpenAPI document keeps its form, while `Static<>`
 * still gives the TypeScript type of each shape.
 */
import {
  Type,
  type ObjectOptions,
  type SchemaOptions,
  type Static,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

/** The JSON keywords of a TypeBox schema, without its symbol keys (Kind, Optional). */
function jsonOf(schema: TSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema));
}

/**
 * `schema` or null, as `type: [<its type>, 'null']`. Optional fields take null as "not given":
 * clients that send every field send null for the ones they leave empty.
 */
export function Nullable<T extends TSchema & { type: string }>(
  schema: T,
  options: SchemaOptions = {},
): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({
    ...jsonOf(schema),
    type: [schema.type, 'null'],
    ...options,
  });
}

/** One of `values`, or null. No `type` of its own, so a wrong value gets one message, not two. */
export function EnumOrNull<const V extends readonly (string | number)[]>(
  values: V,
  options: SchemaOptions = {},
): TUnsafe<V[number] | null> {
  return Type.Unsafe<V[number] | null>({ enum: [...values, null], ...options });
}

/** A JSON value of several types (`type: [...]`), typed as `T`. */
export function AnyOfTypes<T>(types: string[], options: SchemaOptions = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: types, ...options });
}

/** An object whose properties are all optional (no `required` list). */
export function OptionalFields<P extends TProperties>(
  properties: P,
  options?: ObjectOptions,
): TObject<{ [K in keyof P]: TOptional<P[K]> }> {
  const optional = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)]),
  );
  return Type.Object(optional as { [K in keyof P]: TOptional<P[K]> }, options);
}

/**
 * A body as a route with `attachValidation` hands it on (src/api/checked-body.ts): the use case
 * runs even when the schema failed, with the schema's errors, so any field may be missing
 * (required ones included) and an array item of the wrong type is left undefined. What is present
 * has its schema's type; ranges (lengths, counts, minimums) are not guaranteed.
 */
export type Checked<T> = T extends readonly (infer I)[]
  ? (Checked<I> | undefined)[]
  : T extends object
    ? { [K in keyof T]?: Checked<T[K]> }
    : T;
