import { Type } from 'typebox';

/**
 * Text that is stored or looked up in the database. PostgreSQL text cannot hold the NUL character: without this
 * pattern a NUL in a field is a database error (a 500) instead of a 400 that names the field.
 */
export const NO_NUL = '^[^\\u0000]*$';
export const Text = (options: { minLength?: number; maxLength: number }) =>
  Type.String({ ...options, pattern: NO_NUL });

/** A short free-text field: bounded, as every input is. */
export const ShortText = (maxLength: number) => Text({ maxLength });

/** Ids in paths are validated before any query (api-contract section 1). */
export const IdParam = Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};
