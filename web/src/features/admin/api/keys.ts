/**
 * The query keys of the console's own screens (its own QueryClient, admin-console.tsx); each section
 * keeps its keys in its api/ folder, all under `['admin', <section>]`, so a prefix invalidates a
 * section at once.
 */
export const adminKeys = {
  overview: ['admin', 'overview'] as const,
  /** Whether the signed-in admin has two-step verification on (Cognito, through Amplify). */
  twoStep: ['admin', 'two-step'] as const,
};
