/**
 * The SES v2 client of the notifier, created once per container. The local stack points it at its
 * stand-in (aws-ses-v2-local) with `useSesEndpoint`, from scripts/local/stand-ins.ts; the cloud uses
 * the default endpoint.
 */
import { SESv2Client, type SESv2ClientConfig } from '@aws-sdk/client-sesv2';

let config: SESv2ClientConfig = {};
let client: SESv2Client | undefined;

export const ses = (): SESv2Client => (client ??= new SESv2Client(config));

/** Replaces the client's configuration (an endpoint override); the next `ses()` builds a new client. */
export function useSesClientConfig(next: SESv2ClientConfig): void {
  client?.destroy();
  client = undefined;
  config = next;
}
