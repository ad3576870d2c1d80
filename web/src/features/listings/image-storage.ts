/**
 * Amplify Storage for the item form's uploads (image-uploads.ts): imported here only, on the first
 * upload or deletion, so no other chunk carries it.
 */
import type * as AmplifyStorage from 'aws-amplify/storage';
import { loadAuth } from '../../lib/auth-client';

type StorageModule = typeof AmplifyStorage;
export interface UploadTask {
  cancel(): void;
}

let storage: Promise<StorageModule> | undefined;

/** Amplify Storage, configured with Auth from /config.json (lib/amplify.ts); loaded once, on first use. */
export function loadStorage(): Promise<StorageModule> {
  storage ??= loadAuth()
    .then(() => import('aws-amplify/storage'))
    .catch((err: unknown) => {
      storage = undefined;
      throw err;
    });
  return storage;
}

/** Deletes an upload of this form session that will not be saved; a failure only leaves it to the bucket's expiry. */
export function deleteUnsavedUpload(key: string): void {
  void loadStorage()
    .then(({ remove }) => remove({ path: key }))
    .catch((err: unknown) => console.warn('Could not delete an unsaved upload', key, err));
}
