import type { InboxFilter } from './get-support-cases';

/** The support screen's query keys (the console's own QueryClient). */
export const supportKeys = {
  all: ['admin', 'support'] as const,
  inbox: (f: InboxFilter) => ['admin', 'support', 'inbox', f.status, f.category, f.vendorId] as const,
  detail: (vendorId: string, caseId: string) => ['admin', 'support', 'case', vendorId, caseId] as const,
};
