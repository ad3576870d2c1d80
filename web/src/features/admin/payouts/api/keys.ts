import type { AdminPayoutView } from '@contracts/admin-payouts';

/** The screen's query keys (the console's own QueryClient): every list and period under one prefix, refreshed together after an action. */
export const adminPayoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (view: AdminPayoutView, period: string | null) => ['admin', 'payouts', 'list', view, period ?? ''] as const,
  period: (period: string) => ['admin', 'payouts', 'period', period] as const,
};
