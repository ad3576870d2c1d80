/**
 * The local stand-in for Amazon SES v2: aws-ses-v2-local, in this process, on 127.0.0.1. The
 * notifier's SES v2 client is pointed at it (scripts/local/stand-ins.ts); what it "sent" can be read
 * at GET /store (JSON: `{ emails: [{ destination: { to }, subject, body: { text, html }, at }] }`)
 * and in the browser at `/`. POST /clear-store empties it.
 */
import type { Server } from 'node:http';
import sesV2Local from 'aws-ses-v2-local';

type StartServer = typeof sesV2Local;
/** A CommonJS module with `exports.default`: Node's ESM import hands over the whole exports object. */
const startSesV2Local: StartServer = (sesV2Local as unknown as { default?: StartServer }).default ?? sesV2Local;

export interface LocalSes {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startSes(opts: { port: number }): Promise<LocalSes> {
  const server: Server = await startSesV2Local({ host: '127.0.0.1', port: opts.port });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** One e-mail as the stand-in's GET /store lists it. */
export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
}

/** The e-mails the stand-in holds (optionally only those to `to`). */
export async function storedEmails(endpoint: string, to?: string): Promise<StoredEmail[]> {
  const res = await fetch(`${endpoint}/store`);
  if (!res.ok) throw new Error(`GET ${endpoint}/store answered ${res.status}`);
  const { emails } = (await res.json()) as { emails: StoredEmail[] };
  return to ? emails.filter((e) => e.destination.to.some((a) => a.toLowerCase() === to.toLowerCase())) : emails;
}
