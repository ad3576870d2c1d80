/** Query keys of the applications screen (the console's own QueryClient). */
export const applicationsKeys = {
  all: ['admin', 'applications'] as const,
  list: ['admin', 'applications', 'list'] as const,
  detail: (userId: string) => ['admin', 'applications', 'detail', userId] as const,
};
