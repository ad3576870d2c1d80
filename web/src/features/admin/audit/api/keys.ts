/** The audit log screen's query keys (the console's own QueryClient). */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  /** One filter's "Load more" list (`query`: the filter as the API's query string). */
  list: (query: string) => ['admin', 'audit', query] as const,
};
