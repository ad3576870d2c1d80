import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { DEFAULT_COMMISSION_BPS } from '../lambdas/sales/apply';
import { DEFAULT_MARKETPLACE_TIME_ZONE, isValidTimeZone } from '../lambdas/shared/dates';
import { MINIMUM_PAYOUT_CENTS } from '../lambdas/shared/money';
import { DEFAULT_PAYOUT_HOLD_DAYS } from '../lambdas/payouts/accounts';
import { DEFAULT_PAYOUT_FEE_CENTS } from '../lambdas/payouts/period';
import { DEFAULT_SES_MAX_SEND_RATE } from '../lambdas/notifications/functions';

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
 *   senderEmail     the address every e-mail of the portal comes from: Cognito's (sign-up codes,
 *                   password resets) and the vendor notifications (lib/vendor-email.ts); its SES
 *                   identity is the address itself, or
 *   senderDomain    an SES domain identity (publish its DKIM records): e-mails from senderEmail of
 *                   that domain or no-reply@<domain>
 *   senderName      the sender's name (default "Seller Portal")
 *   senderIdentity  `managed` (default): the stack creates that one SES identity (retained in prod);
 *                   `existing`: the operator created and verified it, the stack only refers to it
 *   senderVerified  `true` once a managed identity is verified: only then does Cognito send through
 *                   SES (Cognito refuses an unverified identity); an existing identity always is.
 *                   Until then Cognito's own sender (about 50 e-mails a day) is used.
 *                   Without senderEmail/senderDomain (non-prod only) notifications use
 *                   no-reply@example.com, whose sends fail (docs/operations.md)
 *   sesMaxSendRate  the account's SES maximum send rate, e-mails per second (default 14, SES's usual
 *                   starting quota): the notifier never sends faster (issue 23). Set it to the quota
 *                   SES grants, less what else sends through the account (Cognito, from the same identity)
 *   threatProtection  Cognito threat protection: off | audit | enforced (Plus plan; default enforced in prod)
 *   apiReadRate/apiReadBurst, apiWriteRate/apiWriteBurst, apiExportRate/apiExportBurst
 *                   API Gateway throttling of each method, by route class (requests per second / burst)
 *   wafVendorLimit, wafCognitoIpLimit, wafSignUpIpLimit  the regional web ACL's rate rules (per 5 minutes)
 *   wafIpLimit, wafIpWriteLimit  the edge web ACL's per-IP rate rules (per 5 minutes)
 *   webAclArn       the CLOUDFRONT web ACL (stack SellerPortal-<stage>-edge, us-east-1) the distribution uses
 * prod requires alarmEmail, supportEmail, webAclArn and senderEmail or senderDomain. See docs/infra.md.
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
  threatProtection: ThreatProtection;
  apiThrottle: Record<RouteClass, Throttle>;
  waf: WafLimits;
  /** The CLOUDFRONT-scope web ACL for the distribution (output WebAclArn of SellerPortal-<stage>-edge). */
  webAclArn?: string;
  /** The one SES identity every e-mail comes from (Cognito's and the vendor notifications). */
  sender: Sender;
  /** E-mails per second the notifier may send (the account's SES maximum send rate, or less). */
  sesMaxSendRate: number;
}

/**
 * The portal's one e-mail sender (docs/decisions.md "One SES identity"): Cognito and the notifier
 * send from the same identity, which the stack either creates (`managed`) or refers to (`existing`).
 */
export interface Sender {
  fromEmail: string;
  fromName: string;
  /** Set: the identity is this domain; else the identity is `fromEmail` itself. */
  domain?: string;
  /** `managed`: an AWS::SES::EmailIdentity of this stack; `existing`: made and verified by the operator. */
  identity: 'managed' | 'existing';
  /** Cognito sends through SES from the identity: it is existing, or managed and said to be verified. */
  cognitoViaSes: boolean;
  /** False for the non-prod placeholder (no sender configured): no identity, Cognito's own sender. */
  configured: boolean;
}

/** The SES identity name of a sender: its domain, or its address. */
export const senderIdentityName = (sender: Pick<Sender, 'domain' | 'fromEmail'>): string => sender.domain ?? sender.fromEmail;

/** Parameters of earlier releases, now covered by the sender parameters: a clear stop rather than a silent change. */
const REPLACED_SES_CONTEXT: Record<string, string> = {
  sesFromEmail: 'senderEmail (and senderIdentity=existing if you verified it yourself)',
  sesFromName: 'senderName',
  sesVerifiedDomain: 'senderDomain',
  sesRegion: 'nothing: the identity is in the stack\'s region, where the notifier sends from',
};

function readSender(node: Node, isProd: boolean): Sender {
  for (const [old, replacement] of Object.entries(REPLACED_SES_CONTEXT)) {
    if (contextString(node, old) !== undefined) {
      throw new Error(`Context "${old}" is replaced by ${replacement}: Cognito and the vendor e-mails now send from one SES identity. See docs/infra.md "Parameters".`);
    }
  }
  const email = contextString(node, 'senderEmail');
  const domain = contextString(node, 'senderDomain')?.toLowerCase();
  const fromName = contextString(node, 'senderName') ?? 'Seller Portal';
  check(email, EMAIL_PATTERN, `Context "senderEmail" must be an e-mail address (e.g. -c senderEmail=no-reply@example.com); got "${email}".`);
  check(domain, DOMAIN_PATTERN, `Context "senderDomain" must be a domain such as example.com; got "${domain}".`);
  if (domain && email && email.split('@').pop()?.toLowerCase() !== domain) {
    throw new Error(`Context "senderEmail" (${email}) must be an address of "senderDomain" (${domain}).`);
  }
  const identity = contextString(node, 'senderIdentity') ?? 'managed';
  if (identity !== 'managed' && identity !== 'existing') {
    throw new Error(`Context "senderIdentity" must be managed (the stack creates the SES identity) or existing (you created and verified it); got "${identity}".`);
  }
  const verified = readBoolean(node, 'senderVerified');
  if (!domain && !email) {
    if (isProd) {
      throw new Error('Stage "prod" needs -c senderEmail=<address> or -c senderDomain=<domain>: the SES identity sign-up codes, password resets and vendor notifications are sent from. See docs/infra.md "Parameters".');
    }
    if (contextString(node, 'senderIdentity') !== undefined || verified) throw new Error('Contexts "senderIdentity" and "senderVerified" need "senderEmail" or "senderDomain".');
    return { fromEmail: 'no-reply@example.com', fromName, identity: 'managed', cognitoViaSes: false, configured: false };
  }
  if (identity === 'existing' && verified) throw new Error('Context "senderVerified" is for a managed identity; an existing one is verified already.');
  return {
    fromEmail: email ?? `no-reply@${domain}`,
    fromName,
    ...(domain ? { domain } : {}),
    identity,
    cognitoViaSes: identity === 'existing' || verified,
    configured: true,
  };
}

function readBoolean(node: Node, key: string): boolean {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`Context "${key}" must be true or false; got ${JSON.stringify(value)}.`);
}

/** Cognito threat protection (Plus feature plan): `off` stays on the Essentials plan. */
export const THREAT_PROTECTION_MODES = ['off', 'audit', 'enforced'] as const;
export type ThreatProtection = (typeof THREAT_PROTECTION_MODES)[number];

/**
 * API Gateway throttles each method by the class of its route (lib/api.ts `routeClass`):
 * `read` buffered GETs, `write` POST/PUT/PATCH/DELETE, `export` the streamed CSV downloads.
 */
export type RouteClass = 'read' | 'write' | 'export';
export interface Throttle {
  /** Steady requests per second, for all callers of one method together. */
  rate: number;
  burst: number;
}

/**
 * Expected load (docs/infra.md "Throttling and rate limits"): sized for 10,000 vendors, at peak a
 * tenth of them active at once, each sending about one API request every 5 seconds — 200 requests a
 * second in total, which a single hot read route (the dashboard at the start of the day, the
 * products list) may take almost alone. Writes are a fraction of that; an export reads a vendor's
 * whole history and may stream for minutes.
 */
export const DEFAULT_API_THROTTLE: Record<RouteClass, Throttle> = {
  read: { rate: 200, burst: 400 },
  write: { rate: 50, burst: 100 },
  export: { rate: 5, burst: 10 },
};

/** Rate-based WAF rules, requests per 5 minutes (WAF's evaluation window; its lowest limit is 10). */
export interface WafLimits {
  /** Regional web ACL on the API stage: per caller's token (Authorization header), i.e. per signed-in vendor. */
  vendor: number;
  /** Regional web ACL on the user pool: per IP, every Cognito API call (sign-in, refresh, ...). */
  cognitoIp: number;
  /** Regional web ACL on the user pool: per IP, SignUp, ResendConfirmationCode, ForgotPassword. */
  signUpIp: number;
  /** Edge web ACL on the distribution: per IP, every request. */
  ip: number;
  /** Edge web ACL on the distribution: per IP, API writes (POST, PUT, PATCH, DELETE under /api/). */
  ipWrite: number;
}

export const DEFAULT_WAF_LIMITS: WafLimits = {
  vendor: 1500,
  cognitoIp: 300,
  signUpIp: 20,
  ip: 3000,
  ipWrite: 300,
};

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
const WEB_ACL_PATTERN = /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[A-Za-z0-9_-]+\/[0-9a-f-]+$/;

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
function readWholeNumber(node: Node, key: string, fallback: number, max: number, hint: string, min = 0): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`Context "${key}" must be a whole number from ${min} to ${max} (${hint}); got ${JSON.stringify(value)}.`);
  }
  return n;
}

/** API Gateway's account default is 10,000 requests per second (5,000 burst); a method cannot exceed it. */
function readApiThrottle(node: Node): Record<RouteClass, Throttle> {
  const read = (cls: RouteClass): Throttle => {
    const name = `api${cls.charAt(0).toUpperCase()}${cls.slice(1)}`;
    const fallback = DEFAULT_API_THROTTLE[cls];
    const rate = readWholeNumber(node, `${name}Rate`, fallback.rate, 10_000, `requests per second for each ${cls} method, e.g. -c ${name}Rate=${fallback.rate}`, 1);
    const burst = readWholeNumber(node, `${name}Burst`, Math.max(fallback.burst, rate), 5_000, `requests in a burst for each ${cls} method, at least its rate, e.g. -c ${name}Burst=${fallback.burst}`, 1);
    if (burst < rate) throw new Error(`Context "${name}Burst" (${burst}) must be at least "${name}Rate" (${rate}).`);
    return { rate, burst };
  };
  return { read: read('read'), write: read('write'), export: read('export') };
}

function readWafLimits(node: Node): WafLimits {
  const limit = (key: keyof WafLimits, contextKey: string, what: string): number =>
    readWholeNumber(node, contextKey, DEFAULT_WAF_LIMITS[key], 2_000_000_000, `${what} per 5 minutes, at least 10 (WAF's minimum), e.g. -c ${contextKey}=${DEFAULT_WAF_LIMITS[key]}`, 10);
  return {
    vendor: limit('vendor', 'wafVendorLimit', 'API requests of one signed-in vendor (token)'),
    cognitoIp: limit('cognitoIp', 'wafCognitoIpLimit', 'Cognito calls from one IP address'),
    signUpIp: limit('signUpIp', 'wafSignUpIpLimit', 'sign-ups, code resends and password resets from one IP address'),
    ip: limit('ip', 'wafIpLimit', 'requests to the site from one IP address'),
    ipWrite: limit('ipWrite', 'wafIpWriteLimit', 'API writes from one IP address'),
  };
}

function readThreatProtection(node: Node, isProd: boolean): ThreatProtection {
  const value = contextString(node, 'threatProtection') ?? (isProd ? 'enforced' : 'off');
  if (!(THREAT_PROTECTION_MODES as readonly string[]).includes(value)) {
    throw new Error(`Context "threatProtection" must be one of ${THREAT_PROTECTION_MODES.join(', ')} (e.g. -c threatProtection=audit); got "${value}".`);
  }
  return value as ThreatProtection;
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
  const sesMaxSendRate = readWholeNumber(
    node,
    'sesMaxSendRate',
    DEFAULT_SES_MAX_SEND_RATE,
    100_000,
    `e-mails per second, the maximum send rate Amazon SES granted the account (SES console, "Sending statistics"), e.g. -c sesMaxSendRate=${DEFAULT_SES_MAX_SEND_RATE}`,
    1,
  );
  const isProd = stage === 'prod';
  const webAclArn = contextString(node, 'webAclArn');
  check(
    webAclArn,
    WEB_ACL_PATTERN,
    `Context "webAclArn" must be the ARN of a CLOUDFRONT web ACL in us-east-1 (output WebAclArn of stack SellerPortal-${stage}-edge); got "${webAclArn}".`,
  );
  if (isProd && !alarmEmail) {
    throw new Error(
      'Stage "prod" needs -c alarmEmail=<address>: without a subscriber its alarms (failed payouts, dead letters, errors) reach nobody. See docs/infra.md "Parameters".',
    );
  }
  if (isProd && !supportEmail) {
    throw new Error(
      'Stage "prod" needs -c supportEmail=<address>: security e-mails tell vendors to write to it, the /contact page offers it, and new support cases are sent there. See docs/infra.md "Parameters".',
    );
  }
  if (isProd && !webAclArn) {
    throw new Error(
      `Stage "prod" needs -c webAclArn=<output WebAclArn of SellerPortal-prod-edge>: the edge web ACL (per-IP limits, AWS managed rules) in front of the distribution. Deploy SellerPortal-prod-edge first (docs/operations.md "First deploy").`,
    );
  }
  return {
    stage,
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    marketplaceTimeZone,
    defaultCommissionBps,
    payoutFeeCents,
    payoutHoldDays,
    threatProtection: readThreatProtection(node, isProd),
    apiThrottle: readApiThrottle(node),
    waf: readWafLimits(node),
    sender: readSender(node, isProd),
    sesMaxSendRate,
    ...(webAclArn ? { webAclArn } : {}),
    ...(alarmEmail ? { alarmEmail } : {}),
    ...(supportEmail ? { supportEmail } : {}),
    ...(domainName ? { domainName } : {}),
    ...(certificateArn ? { certificateArn } : {}),
  };
}
