/**
 * The scheduled restock run (EventBridge Scheduler, lib/restock.ts): ./restock.ts. A run with failed
 * products fails after doing the rest, so Lambda's retries and its on-failure queue see it.
 */
import { logger } from '../shared/logger';
import { runRestock, type RestockSummary } from './restock';

export const handler = async (): Promise<RestockSummary> => {
  const summary = await runRestock();
  logger.info('restock run done', { ...summary });
  if (summary.failed > 0) throw new Error(`Restock run: ${summary.failed} of ${summary.due} product(s) could not be restocked`);
  return summary;
};
