/**
 * Previous / next over the API's cursor pages. The API gives only a `nextCursor`, so the way back is
 * a stack: `cursors[i]` is where page i + 1 starts (`null`: the first page). The stack belongs to one
 * filter: under another filter (a new URL, back/forward) the pages start again at page 1.
 */
export interface CursorPages {
  filterKey: string;
  cursors: readonly (string | null)[];
}

export type PageAction = { type: 'next'; filterKey: string; cursor: string } | { type: 'previous'; filterKey: string };

export const firstPage = (filterKey: string): CursorPages => ({ filterKey, cursors: [null] });

export function pagesReducer(state: CursorPages, action: PageAction): CursorPages {
  const current = state.filterKey === action.filterKey ? state : firstPage(action.filterKey);
  switch (action.type) {
    case 'next':
      return { filterKey: current.filterKey, cursors: [...current.cursors, action.cursor] };
    case 'previous':
      return current.cursors.length > 1 ? { filterKey: current.filterKey, cursors: current.cursors.slice(0, -1) } : current;
  }
}

/** The page to show for `filterKey`: its number (from 1), where it starts, and whether a page lies before it. */
export function currentPage(state: CursorPages, filterKey: string): { page: number; cursor: string | null; hasPrevious: boolean } {
  const pages = state.filterKey === filterKey ? state : firstPage(filterKey);
  return { page: pages.cursors.length, cursor: pages.cursors[pages.cursors.length - 1] ?? null, hasPrevious: pages.cursors.length > 1 };
}
