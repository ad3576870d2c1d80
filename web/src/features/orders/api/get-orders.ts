import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrdersPage, OrderView } from '@contracts/order-answers';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { loadConfig } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-client';
import { useResource } from '../../../lib/use-resource';
import { filterSearchParams, ordersQuery, type OrdersFilter } from '../orders-filter';

export type { OrdersPage, OrderView };

/**
 * The answer's schema (contracts/order-answers.ts), and zod with it, loads with the first answer, in
 * parallel with its request: the orders page's first download carries no zod.
 */
export const orderAnswers = () => import('@contracts/order-answers');

/** One page of the vendor's orders matching `filter`, newest first (25 a page, the API's default). */
export async function getOrdersPage(filter: OrdersFilter, cursor: string | null, signal?: AbortSignal): Promise<OrdersPage> {
  const [{ ordersPageSchema }, data] = await Promise.all([orderAnswers(), apiRequest<unknown>(`/api/orders${ordersQuery(filter, { cursor })}`, { signal })]);
  return parseAnswer(ordersPageSchema, data, 'GET /api/orders');
}

/**
 * `GET /api/orders`: page `page` of `filter`, starting at `cursor`. Each page is a query of its own,
 * keyed by the filter and its cursor: going back asks the server again (the cached page shows
 * meanwhile, marked busy), and while another page loads the last one stays shown. The answer carries
 * `filterQuery`, the filter its rows answer (the table's data-filter, for tests and debugging), and
 * `timeZone`: order times are shown in the marketplace's zone, whose days the filter counts.
 */
export function useOrdersPage(filter: OrdersFilter, page: number, cursor: string | null) {
  const filterQuery = filterSearchParams(filter).toString();
  return useResource(
    useQuery({
      queryKey: queryKeys.orders.page(filterQuery, page, cursor),
      queryFn: async ({ signal }) => {
        const [config, answer] = await Promise.all([loadConfig(), getOrdersPage(filter, cursor, signal)]);
        return { ...answer, page, filterQuery, timeZone: config.marketplaceTimeZone };
      },
      placeholderData: keepPreviousData,
    }),
  );
}
