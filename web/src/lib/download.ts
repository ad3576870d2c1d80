import { ApiError } from './api';
import { getIdToken } from './auth-client';
import { loadConfig } from './config';

/**
 * Downloads of files the API makes (the orders CSV). A plain link cannot send the ID token, so the
 * file is fetched with `Authorization: Bearer <ID token>`, read whole (a response aborted halfway
 * fails here instead of saving a cut-off file) and handed to the browser as a Blob through an object
 * URL and an `<a download>`.
 */

/** Object URLs outlive the click this long: some browsers read the Blob after `click()` returns. */
export const REVOKE_AFTER_MS = 40_000;

// Characters no file system takes in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

function safeName(name: string): string {
  const cleaned = name.replace(UNSAFE, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  return cleaned.slice(0, 200);
}

/**
 * The file name a `content-disposition` header suggests: RFC 6266's `filename*=UTF-8''…` first (the
 * one that can carry non-ASCII names), then `filename="…"` or a bare `filename=…`; `fallback` when
 * there is none. Path separators and other unsafe characters are replaced.
 */
export function filenameFromContentDisposition(header: string | null | undefined, fallback: string): string {
  if (header) {
    const extended = /filename\*\s*=\s*([\w!#$&+.^`|~-]+)'[^']*'([^;]+)/i.exec(header);
    if (extended) {
      try {
        const charset = extended[1]!.toLowerCase();
        const raw = extended[2]!.trim();
        const decoded = charset === 'utf-8' ? decodeURIComponent(raw) : raw.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const name = safeName(decoded);
        if (name) return name;
      } catch {
        // A malformed percent-encoding: try the plain parameter.
      }
    }
    const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /(?:^|;)\s*filename\s*=\s*([^";]+)/i.exec(header);
    const plain = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : bare?.[1]?.trim();
    if (plain) {
      const name = safeName(plain);
      if (name) return name;
    }
  }
  return fallback;
}

/** Hands a Blob to the browser as a download named `filename` (object URL + a temporary `<a download>`). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export interface DownloadedFile {
  filename: string;
  /** Size in bytes of what was saved. */
  size: number;
}

/**
 * Fetches an API file with the ID token and saves it. Error answers (sent before the first byte, as
 * JSON) become an ApiError with the server's `{ error, message }`, like `apiRequest`; no session is
 * ApiError 401 `unauthenticated`.
 */
export async function downloadApiFile(path: string, options: { fallbackName: string; signal?: AbortSignal }): Promise<DownloadedFile> {
  const [config, token] = await Promise.all([loadConfig(), getIdToken(false)]);
  if (!token) throw new ApiError(401, 'unauthenticated', 'No signed-in user.');
  const res = await fetch(`${config.apiBaseUrl}${path}`, {
    headers: { accept: 'text/csv, application/json', authorization: `Bearer ${token}` },
    signal: options.signal,
  });
  if (!res.ok) {
    let body: { error?: unknown; message?: unknown } | undefined;
    try {
      body = (await res.json()) as typeof body;
    } catch {
      body = undefined;
    }
    const code = typeof body?.error === 'string' ? body.error : `http_${res.status}`;
    const message = typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : res.statusText || `HTTP ${res.status}`;
    throw new ApiError(res.status, code, message);
  }
  const blob = await res.blob();
  const filename = filenameFromContentDisposition(res.headers.get('content-disposition'), options.fallbackName);
  saveBlob(blob, filename);
  return { filename, size: blob.size };
}
