/** A page of a back office list: `page` from 1, `size` rows (the query's `page` and `size`, api-contract 12). */
export interface Paging {
  page: number;
  size: number;
}

export const offsetOf = ({ page, size }: Paging) => (page - 1) * size;

/** The paging a list call asked for: page 1 of 20 rows unless it says otherwise. */
export const pagingOf = (query: { page?: number; size?: number }): Paging => ({
  page: query.page ?? 1,
  size: query.size ?? 20,
});
