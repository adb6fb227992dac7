/**
 * The limits of collections, apart from the use cases so the request shapes
 * (request-shapes/collections.ts) can read them without an import cycle.
 */
export const COLLECTION_LIMITS = {
  titleMax: 255,
  customDataMax: 1024,
  templatesMax: 500,
  perPageDefault: 20,
  perPageMax: 100,
} as const;
