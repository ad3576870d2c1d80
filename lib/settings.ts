import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { DEFAULT_COMMISSION_BPS } from '../lambdas/sales/apply';
import { DEFAULT_MARKETPLACE_TIME_ZONE, isValidTimeZone } from '../lambdas/shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../lambdas/shared/money';
import { DEFAULT_PAYOUT_HOLD_DAYS } from '../lambdas/payouts/accounts';
import { DEFAULT_PAYOUT_FEE_CENTS } from '../lambdas/payouts/period';

/**
 * What an operator chooses per deployment, from CDK context (`-c key=value`, or cdk.json):
 *   stage           the stack is `SellerPortal-<stage>` (default `dev`); `prod` keeps data on stack
 *                   deletion, turns on deletion protection and termination protection
 *   alarmEmail      an address subscribed to the alarm topic (AWS sends a confirmation e-mail)
 *   supportEmail    an address subscribed to the support-cases topic: every new support case
 *                   is e-mailed there (AWS sends a confirmation e-mail)
 *   domainName      a custom domain for the site, together with
 *   certificateArn  an ACM certificate for it in us-east-1 (CloudFront's region); the DNS record
 *                   (CNAME/alias to the distribution) is created by the operator
 *   marketplaceTimeZone  the IANA zone whose calendar days the sales figures use (default
 *                   America/Los_Angeles): "Today", the periods, the payout dates
 *   defaultCommissionBps the marketplace's commission in basis points (default 1500 = 15%) for
 *                   vendors whose record has no `commissionRateBps` of its own
 *   payoutFeeCents  the transfer fee deducted from each payout, in US cents (default 100)
 *   payoutHoldDays  days a vendor's payouts are held after the payout destination changes (default 3)
 * See docs/infra.md.
 */
export interface StageSettings {
  stage: string;
  isProd: boolean;
  /** For stateful resources: RETAIN in prod, DESTROY elsewhere. */
  removalPolicy: RemovalPolicy;
  alarmEmail?: string;
  supportEmail?: string;
  domainName?: string;
  certificateArn?: string;
  marketplaceTimeZone: string;
  defaultCommissionBps: number;
  payoutFeeCents: number;
  payoutHoldDays: number;
}

/**
 * What every Lambda that deals with sales needs from the settings, as environment variables (the
 * API functions and the order ingest get them; locally scripts/local/stack.ts sets the same names).
 */
export function salesEnvironment(settings: Pick<StageSettings, 'marketplaceTimeZone' | 'defaultCommissionBps'>): Record<string, string> {
  return {
    MARKETPLACE_TIME_ZONE: settings.marketplaceTimeZone,
    DEFAULT_COMMISSION_BPS: String(settings.defaultCommissionBps),
  };
}

/**
 * The payout settings, as the environment variables the payout code reads (lambdas/payouts/period.ts
 * `PAYOUT_FEE_CENTS`, accounts.ts `PAYOUT_HOLD_DAYS`): the API functions (payout information, the
 * hold on a new destination) and the payout worker get them.
 */
export function payoutEnvironment(settings: Pick<StageSettings, 'payoutFeeCents' | 'payoutHoldDays'>): Record<string, string> {
  return {
    PAYOUT_FEE_CENTS: String(settings.payoutFeeCents),
    PAYOUT_HOLD_DAYS: String(settings.payoutHoldDays),
  };
}

export const DEFAULT_STAGE = 'dev';

/** Lower-case letters, digits and hyphens: safe in stack, API and log-group names. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE_PATTERN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}.`);
  return value.trim();
}

/** `Area/Location` (or UTC) as the IANA database names zones, and known to this Node's ICU (Lambda's is the same). */
const TIME_ZONE_PATTERN = /^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+){1,2})$/;

function readCommissionBps(node: Node): number {
  const value: unknown = node.tryGetContext('defaultCommissionBps');
  if (value === undefined || value === null || value === '') return DEFAULT_COMMISSION_BPS;
  const bps = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) {
    throw new Error(
      `Context "defaultCommissionBps" must be a whole number of basis points from 0 to 10000 (1500 = 15%, e.g. -c defaultCommissionBps=1500); got ${JSON.stringify(value)}.`,
    );
  }
  return bps;
}

/** A whole number from context (number or digits), within [min, max]; else a message saying how to set it. */
function readWholeNumber(node: Node, key: string, fallback: number, max: number, hint: string): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new Error(`Context "${key}" must be a whole number from 0 to ${max} (${hint}); got ${JSON.stringify(value)}.`);
  }
  return n;
}

function check(value: string | undefined, pattern: RegExp, message: string): void {
  if (value !== undefined && !pattern.test(value)) throw new Error(message);
}

/** Reads and validates the settings; a bad value fails the synth with a message that says how to fix it. */
export function readStageSettings(node: Node): StageSettings {
  const stage = contextString(node, 'stage') ?? DEFAULT_STAGE;
  check(stage, STAGE_PATTERN, `Context "stage" must be lower-case letters, digits and hyphens, starting with a letter (e.g. -c stage=prod); got "${stage}".`);
  const alarmEmail = contextString(node, 'alarmEmail');
  check(alarmEmail, EMAIL_PATTERN, `Context "alarmEmail" must be an e-mail address; got "${alarmEmail}".`);
  const supportEmail = contextString(node, 'supportEmail');
  check(supportEmail, EMAIL_PATTERN, `Context "supportEmail" must be an e-mail address (e.g. -c supportEmail=support@example.com); got "${supportEmail}".`);
  const domainName = contextString(node, 'domainName')?.toLowerCase();
  check(domainName, DOMAIN_PATTERN, `Context "domainName" must be a host name such as portal.example.com; got "${domainName}".`);
  const certificateArn = contextString(node, 'certificateArn');
  check(
    certificateArn,
    CERTIFICATE_PATTERN,
    `Context "certificateArn" must be an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from there); got "${certificateArn}".`,
  );
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Contexts "domainName" and "certificateArn" go together: give both or neither.');
  }
  const marketplaceTimeZone = contextString(node, 'marketplaceTimeZone') ?? DEFAULT_MARKETPLACE_TIME_ZONE;
  if (!TIME_ZONE_PATTERN.test(marketplaceTimeZone) || !isValidTimeZone(marketplaceTimeZone)) {
    throw new Error(
      `Context "marketplaceTimeZone" must be an IANA time zone such as America/Los_Angeles or Asia/Taipei; got "${marketplaceTimeZone}".`,
    );
  }
  const defaultCommissionBps = readCommissionBps(node);
  // The fee can never exceed the payout (decidePayout caps it); a fee of the whole minimum would pay nothing.
  const payoutFeeCents = readWholeNumber(node, 'payoutFeeCents', DEFAULT_PAYOUT_FEE_CENTS, MINIMUM_PAYOUT_CENTS - 1, `US cents below the ${MINIMUM_PAYOUT_CENTS}-cent minimum payout, e.g. -c payoutFeeCents=100`);
  const payoutHoldDays = readWholeNumber(node, 'payoutHoldDays', DEFAULT_PAYOUT_HOLD_DAYS, 30, 'days, e.g. -c payoutHoldDays=3; 0 turns the hold off');
  const isProd = stage === 'prod';
  return {
    stage,
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    marketplaceTimeZone,
    defaultCommissionBps,
    payoutFeeCents,
    payoutHoldDays,
    ...(alarmEmail ? { alarmEmail } : {}),
    ...(supportEmail ? { supportEmail } : {}),
    ...(domainName ? { domainName } : {}),
    ...(certificateArn ? { certificateArn } : {}),
  };
}
