import type { SupportCase } from './store';

/**
 * Where ops hear about a new case: the SNS topic in the cloud (notify.ts); the local stack injects
 * its outbox folder (scripts/local/stand-ins.ts). Kept free of imports with side effects (the
 * logger, SDK clients), so the local stack can inject before it sets the Lambdas' environment.
 */
export interface OpsNotifier {
  notify(c: SupportCase, summary: { subject: string; body: string }): Promise<void>;
}

let injected: OpsNotifier | undefined;

/** Replaces the notifier of this process; `undefined` restores the default. Never called in the cloud. */
export function useOpsNotifier(notifier: OpsNotifier | undefined): void {
  injected = notifier;
}

export const injectedOpsNotifier = (): OpsNotifier | undefined => injected;
