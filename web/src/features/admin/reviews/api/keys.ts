/** The Product review screen's query keys (the console's QueryClient, admin-console.tsx). */
export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  queue: ['admin', 'reviews', 'queue'] as const,
  product: (productId: string) => ['admin', 'reviews', 'product', productId] as const,
};
