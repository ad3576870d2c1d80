/**
 * The Lambdas' environment variables, in one place: every read of `process.env` in lambdas/ goes
 * through an accessor of this module, which validates the variable with zod and returns it typed.
 *
 * Accessors are lazy: a variable is read and validated when a function first asks for it, so a
 * function only needs (and only fails on) the variables it uses. They read `process.env` on every
 * call rather than caching, because the local stack and the tests set variables after the modules
 * are loaded; parsing one short string is negligible next to any I/O the value is used for. A
 * missing or invalid variable throws an `EnvError` naming it ("Missing environment variable X",
 * "Invalid environment variable X: ..."). An empty string counts as unset (a blank stack setting).
 *
 * Accessors take an optional source (default `process.env`), so tests and scripts can pass their own.
 *
 * This module imports nothing from the rest of lambdas/ (modules such as shared/dates evaluate
 * accessors at load time; an import cycle would read them before they exist): defaults owned by a
 * capability are defined here and re-exported by it.
 */
import * as z from 'zod';

export type EnvSource = Readonly<Record<string, string | undefined>>;

/** A missing or invalid environment variable: a deployment error, not a request error. */
export class EnvError extends RangeError {
  override name = 'EnvError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}

interface VariableOptions {
  /** Never put the value into an error message (API keys, ...). */
  secret?: boolean;
}

const readRaw = (source: EnvSource, name: string): string | undefined => {
  const value = source[name];
  return value === undefined || value === '' ? undefined : value;
};

function parse<T>(name: string, raw: string, schema: z.ZodType<T>, opts: VariableOptions): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const why = parsed.error.issues.map((i) => i.message).join('; ');
  throw new EnvError(name, `Invalid environment variable ${name}${opts.secret ? '' : ` (got "${raw}")`}: ${why}`);
}

export type Accessor<T> = (source?: EnvSource) => T;

/** A variable the function cannot work without. */
export function required<T = string>(name: string, schema: z.ZodType<T> = z.string() as unknown as z.ZodType<T>, opts: VariableOptions = {}): Accessor<T> {
  return (source = process.env) => {
    const raw = readRaw(source, name);
    if (raw === undefined) throw new EnvError(name, `Missing environment variable ${name}`);
    return parse(name, raw, schema, opts);
  };
}

/** A variable whose absence means something (a feature not configured): undefined when unset. */
export function optional<T = string>(name: string, schema: z.ZodType<T> = z.string() as unknown as z.ZodType<T>, opts: VariableOptions = {}): Accessor<T | undefined> {
  return (source = process.env) => {
    const raw = readRaw(source, name);
    return raw === undefined ? undefined : parse(name, raw, schema, opts);
  };
}

/** A setting with a default when unset; a set but invalid value still fails. */
export function withDefault<T>(name: string, schema: z.ZodType<T>, fallback: T, opts: VariableOptions = {}): Accessor<T> {
  return (source = process.env) => {
    const raw = readRaw(source, name);
    return raw === undefined ? fallback : parse(name, raw, schema, opts);
  };
}

// ---- schemas ----

/** A whole number from `min` to `max`, written in decimal digits (what a stack parameter renders). */
const integer = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^-?\d+$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be ${what}`).max(max, `must be ${what}`));

/** A number ≥ 0 (fractions allowed). */
const nonNegative = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `must be ${what}`)
    .transform(Number);

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone the runtime knows (e.g. America/Los_Angeles)');

const httpUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL');
const arn = z.string().startsWith('arn:', 'must be an ARN');

const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const logLevel = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }));

// ---- defaults owned by capabilities (re-exported there) ----

/** lambdas/shared/dates.ts */
export const DEFAULT_MARKETPLACE_TIME_ZONE = 'America/Los_Angeles';
/** lambdas/sales/apply.ts: commission rates are basis points of 10 000. */
export const BPS_DENOMINATOR = 10_000;
export const DEFAULT_COMMISSION_BPS = 1_500;
/** lambdas/payouts/period.ts */
export const DEFAULT_PAYOUT_FEE_CENTS = 100;
/** lambdas/payouts/accounts.ts */
export const DEFAULT_PAYOUT_HOLD_DAYS = 3;
/** lambdas/notifications/send-rate.ts: SES's usual starting maximum send rate (e-mails per second). */
export const DEFAULT_SES_MAX_SEND_RATE = 14;

/**
 * Every variable a Lambda reads, with where it comes from (lib/ sets them; the local stack sets
 * the same in scripts/local/stack.ts). Table names are read through `tableName` (shared/tables.ts),
 * which uses `required` with the table's `envVar`.
 */
export const env = {
  // Logging (lib/lambda-function.ts sets both on every function).
  serviceName: withDefault('POWERTOOLS_SERVICE_NAME', z.string(), 'seller-portal'),
  logLevel: withDefault<LogLevel>('LOG_LEVEL', logLevel, 'INFO'),

  // Set by the Lambda runtime.
  awsRegion: required('AWS_REGION'),

  // Cognito (lib/api.ts).
  userPoolId: required('USER_POOL_ID'),
  /** Unset locally: there is no identity pool, identity ids are derived (shared/identity.ts). */
  identityPoolId: optional('IDENTITY_POOL_ID'),

  /** lib/images.ts, lib/api.ts */
  productImagesBucket: required('PRODUCT_IMAGES_BUCKET'),
  /** The renditions of product images (issue 23; lib/images.ts): the image check writes them, the products API and the review delete and tag them. */
  renditionsBucket: required('RENDITIONS_BUCKET'),
  /**
   * Signed image URLs (issue 23, lambdas/shared/image-urls.ts; lib/image-delivery.ts): the CloudFront
   * public key's id, and where the matching private key is: a Secrets Manager secret (PEM) in the
   * cloud, the PEM itself locally (scripts/local/stack.ts, a key pair of the local stack's own).
   */
  imageUrlKeyPairId: required('IMAGE_URL_KEY_PAIR_ID'),
  imageUrlKeySecretArn: optional('IMAGE_URL_KEY_SECRET_ARN', arn),
  imageUrlPrivateKey: optional('IMAGE_URL_PRIVATE_KEY', z.string().startsWith('-----BEGIN', 'must be a PEM private key'), { secret: true }),

  // Stack settings (lib/settings.ts), with the same defaults as the stack.
  marketplaceTimeZone: withDefault('MARKETPLACE_TIME_ZONE', timeZone, DEFAULT_MARKETPLACE_TIME_ZONE),
  defaultCommissionBps: withDefault('DEFAULT_COMMISSION_BPS', integer(0, BPS_DENOMINATOR, `an integer from 0 to ${BPS_DENOMINATOR}`), DEFAULT_COMMISSION_BPS),
  payoutFeeCents: withDefault('PAYOUT_FEE_CENTS', integer(0, Number.MAX_SAFE_INTEGER, 'whole cents ≥ 0'), DEFAULT_PAYOUT_FEE_CENTS),
  payoutHoldDays: withDefault('PAYOUT_HOLD_DAYS', nonNegative('a number of days ≥ 0'), DEFAULT_PAYOUT_HOLD_DAYS),

  /** The ingest's dead-letter queue (lib/sales.ts). */
  ingestDlqUrl: optional('INGEST_DLQ_URL', httpUrl),
  /** The support topic (lib/api.ts, `publishes`); unset locally. */
  supportTopicArn: optional('SUPPORT_TOPIC_ARN', arn),

  // Payouts (lib/payouts.ts).
  payoutQueueUrl: required('PAYOUT_QUEUE_URL', httpUrl),
  /** Unset: no bank-transfer provider in this process. */
  payoutBatchBucket: optional('PAYOUT_BATCH_BUCKET'),

  /** The audit archive (issue 24, item 8; lib/audit-archive.ts): Object Lock bucket of audit and activity entries. */
  auditArchiveBucket: required('AUDIT_ARCHIVE_BUCKET'),
  /** The e-mail provider's secret in the cloud; unset locally, where the two variables below are used. */
  payoutProviderSecretArn: optional('PAYOUT_PROVIDER_SECRET_ARN', arn),
  payoutProviderUrl: required('PAYOUT_PROVIDER_URL', httpUrl),
  payoutProviderApiKey: required('PAYOUT_PROVIDER_API_KEY', z.string(), { secret: true }),

  // Vendor e-mail notifications (lib/vendor-email.ts; locally scripts/local/stack.ts).
  /** The portal's origin, for links in e-mails (the site's URL; locally the web port). */
  portalUrl: required('PORTAL_URL', httpUrl),
  /** The verified SES identity's address e-mails come from (stack setting senderEmail / senderDomain). */
  notificationSender: required('NOTIFICATION_SENDER', z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an e-mail address')),
  /** The SES configuration set every e-mail is sent with (bounce and complaint events). */
  sesConfigurationSet: required('SES_CONFIGURATION_SET'),
  /**
   * Shown in security notices ("not you? contact support: …"); the stack setting supportEmail
   * (required in prod). Unset (a dev stage without one): the notices leave the address out rather
   * than name an address nobody reads.
   */
  supportEmail: optional('SUPPORT_EMAIL', z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'must be an e-mail address')),
  /**
   * The account's SES maximum send rate, e-mails per second (stack setting sesMaxSendRate): the
   * notifier never sends faster (lambdas/notifications/send-rate.ts). 14 is the usual starting quota
   * out of the sandbox; the local stand-in has none (scripts/local/stack.ts sets a high one).
   */
  sesMaxSendRate: withDefault('SES_MAX_SEND_RATE', integer(1, 100_000, 'a whole number of e-mails per second from 1 to 100000'), DEFAULT_SES_MAX_SEND_RATE),

  // Bulk price and stock (issue 15; lib/bulk.ts): the worker's queue, sent to by the bulk API function.
  bulkQueueUrl: required('BULK_QUEUE_URL', httpUrl),

  // The default low-stock level's re-check (issue 16; lib/restock.ts): its queue, sent to by the listings
  // API function (the PUT) and by the worker (the restock function) for each next batch.
  lowStockRecheckQueueUrl: required('LOW_STOCK_RECHECK_QUEUE_URL', httpUrl),
  /** Stock-index entries one re-check message reads (a few seconds of work); tests set it small to see several batches. */
  lowStockRecheckBatch: withDefault('LOW_STOCK_RECHECK_BATCH', integer(1, 10_000, 'a whole number from 1 to 10000'), 500),
} as const;
