/** Query keys of the vendors screen (the console's own QueryClient). */
export const vendorsKeys = {
  all: ['admin', 'vendors'] as const,
  list: (q: string, status: string) => ['admin', 'vendors', 'list', q, status] as const,
  detail: (vendorId: string) => ['admin', 'vendors', 'detail', vendorId] as const,
};
