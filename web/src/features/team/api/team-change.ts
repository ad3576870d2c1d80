import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-client';
import type { StepUpRun } from '../../../components/two-step/use-step-up';

export type { StepUpRun };

/** What every team change does after it answered: the team is read again (a 409 means it changed meanwhile: show it as it is now). */
export function useTeamRefresh(): { client: QueryClient; refresh(): void; refreshOnConflict(err: unknown): void } {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.team });
  return { client, refresh, refreshOnConflict: (err) => err instanceof ApiError && err.status === 409 && refresh() };
}
