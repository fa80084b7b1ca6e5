/**
 * A bigint[] parameter as PostgreSQL's array text, built in one join. The driver's generic array serializer
 * escapes element by element, which for a settlement batch's thousands of ids cost more than the statement.
 * Only for integers: their text needs no quoting.
 */
export const bigintArray = (values: readonly (bigint | number)[]): string => `{${values.join(',')}}`;
