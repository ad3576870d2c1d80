/**
 * Runs a save; when it fails, logs and retries once; when the retry fails too, only logs (spec §8,
 * "Language save fails"). Never throws and never shows anything to the user.
 */
export async function saveWithRetryOnce(what: string, save: () => Promise<unknown>): Promise<boolean> {
  try {
    await save();
    return true;
  } catch (first) {
    console.error(`Saving ${what} failed; retrying once.`, first);
  }
  try {
    await save();
    return true;
  } catch (second) {
    console.error(`Saving ${what} failed again; the change is kept for this visit only.`, second);
    return false;
  }
}
