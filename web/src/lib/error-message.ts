/** What to tell the vendor about a failed call: the server's message (ApiError) or the error's own. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return typeof err === 'string' && err ? err : String(err);
}
