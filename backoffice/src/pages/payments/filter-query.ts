// The list's filters live in the page's address, so a filtered list can be bookmarked, shared
// with a colleague and returned to with Back, and the export link carries the same filters.

export const FILTER_NAMES = ['q', 'from', 'to', 'status', 'paymentType', 'brand', 'method', 'amountMin', 'amountMax', 'channel'] as const;

export type FilterName = (typeof FILTER_NAMES)[number];
export type Filters = Partial<Record<FilterName, string>>;

/** The filters of the address's query, unknown names dropped. */
export function filtersOf(query: Readonly<Record<string, string>>): Filters {
  const filters: Filters = {};
  for (const name of FILTER_NAMES) if (query[name]) filters[name] = query[name];
  return filters;
}

/** How many filters besides the search box are set (shown on the closed filter panel). */
export function countFilters(filters: Filters): number {
  return FILTER_NAMES.filter((name) => name !== 'q' && filters[name]).length;
}
