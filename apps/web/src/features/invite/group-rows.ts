/** Splits a list into rows of `perRow` (the social list shows 3 friends per row, spec.md section 9). */
export function groupRows<Item>(items: readonly Item[], perRow = 3): Item[][] {
  if (perRow < 1) throw new Error('groupRows: at least one per row');
  const rows: Item[][] = [];
  for (let index = 0; index < items.length; index += perRow) rows.push(items.slice(index, index + perRow));
  return rows;
}
