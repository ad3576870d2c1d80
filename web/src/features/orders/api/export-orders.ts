import { useCallback } from 'react';
import { downloadApiFile, type DownloadedFile } from '../../../lib/download';
import { useDownload } from '../../../lib/use-download';
import { ordersQuery, type OrdersFilter } from '../orders-filter';

/** Downloads every order matching `filter` as CSV (GET /api/orders/export.csv) and saves it. */
export function exportOrdersCsv(filter: OrdersFilter, signal?: AbortSignal): Promise<DownloadedFile> {
  // The export takes the filter only: a search by number is not exported (the page offers no export then).
  return downloadApiFile(`/api/orders/export.csv${ordersQuery({ status: filter.status, from: filter.from, to: filter.to })}`, { fallbackName: 'orders.csv', signal });
}

/** The export of the filter in force (lib/use-download.ts: busy, done or failed; leaving the page cancels it). */
export function useOrdersExport(filter: OrdersFilter) {
  return useDownload(useCallback((signal: AbortSignal) => exportOrdersCsv(filter, signal), [filter]));
}
