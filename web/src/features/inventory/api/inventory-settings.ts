import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventorySettings } from '@contracts/listings/answers';
import { ApiError, apiRequest, parseAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';

export type { InventorySettings };

/** The answers' schemas (contracts/listings/answers.ts) and zod load with the first answer, in parallel with its request. */
const answers = () => import('@contracts/listings/answers');

/** How often the page asks how far a running re-check got (issue 16). */
export const RECHECK_POLL_MS = 1_500;

/** The shop's default low-stock level (issue 15): for products without their own threshold; with its latest re-check (issue 16). */
export async function getInventorySettings(signal?: AbortSignal): Promise<InventorySettings> {
  const [{ inventorySettingsSchema }, data] = await Promise.all([answers(), apiRequest<unknown>('/api/inventory/settings', { signal })]);
  return parseAnswer(inventorySettingsSchema, data, 'GET /api/inventory/settings');
}

/**
 * Sets the default, conditional on the level the vendor saw (`expected`): 409 `low_stock_default_changed`
 * when it changed meanwhile. Resolves with the new level and its re-check, running in the background (issue 16).
 */
export async function putInventorySettings(lowStockDefault: number, expected: number): Promise<InventorySettings> {
  const [{ inventorySettingsSchema }, data] = await Promise.all([
    answers(),
    apiRequest<unknown>('/api/inventory/settings', { method: 'PUT', body: { lowStockDefault, expected } }),
  ]);
  return parseAnswer(inventorySettingsSchema, data, 'PUT /api/inventory/settings');
}

/** The shop's settings as the inventory last read them; read again every RECHECK_POLL_MS while a re-check runs. */
export function useInventorySettings(): InventorySettings | undefined {
  return useQuery({
    queryKey: queryKeys.inventory.settings,
    queryFn: ({ signal }) => getInventorySettings(signal),
    refetchInterval: (query) => (query.state.data?.recheck?.status === 'running' ? RECHECK_POLL_MS : false),
  }).data;
}

/** The shop's default low-stock level as the inventory last read it (undefined while unknown). */
export function useLowStockDefault(): number | undefined {
  return useInventorySettings()?.lowStockDefault;
}

/** 409 `low_stock_default_changed`: another tab changed the level since this one read it. */
export const isLevelChanged = (err: unknown): boolean => err instanceof ApiError && err.status === 409 && err.code === 'low_stock_default_changed';

/**
 * `PUT /api/inventory/settings`. Saved, the answer (with its re-check running: the page polls it) is
 * the settings' cache; refused because the level changed meanwhile, the settings are read again, so
 * the dialog shows the current level and the next Save goes on from it.
 */
export function useSaveLowStockDefault() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ level, expected }: { level: number; expected: number }) => putInventorySettings(level, expected),
    onSuccess: (answer) => client.setQueryData(queryKeys.inventory.settings, answer),
    onError: async (err) => {
      if (isLevelChanged(err)) await client.refetchQueries({ queryKey: queryKeys.inventory.settings, exact: true });
    },
  });
}
