import { useQuery } from '@tanstack/react-query';
import type { OrderDetails, OrderLineView } from '@contracts/order-answers';
import { apiRequest, parseAnswer } from '../../../lib/api';
import { loadConfig } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-client';
import { toResource } from '../../../lib/use-resource';
import { orderAnswers } from './get-orders';

export type { OrderDetails, OrderLineView };

/** One of the vendor's orders (GET /api/orders/{orderId}, issue 15): lines, commission, totals, status history. */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetails> {
  const [{ orderDetailsSchema }, data] = await Promise.all([orderAnswers(), apiRequest<unknown>(`/api/orders/${encodeURIComponent(orderId)}`, { signal })]);
  return parseAnswer(orderDetailsSchema, data, 'GET /api/orders/{orderId}');
}

/** The order page's order, with the marketplace's zone its times are shown in. */
export function useOrder(orderId: string) {
  return toResource(
    useQuery({
      queryKey: queryKeys.orders.detail(orderId),
      queryFn: async ({ signal }) => {
        const [config, order] = await Promise.all([loadConfig(), getOrder(orderId, signal)]);
        return { order, timeZone: config.marketplaceTimeZone };
      },
    }),
  );
}
