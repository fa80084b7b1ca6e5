/** Ascending order of ids and amounts (`Array.prototype.sort` compares numbers as text, and bigints not at all). */
export const ascending = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
