import { afterEach, describe, expect, it } from 'vitest';
import { env, EnvError, optional, required, withDefault } from '../../../lambdas/shared/env';
import { tableName } from '../../../lambdas/shared/tables';
import * as z from 'zod';

describe('environment accessors', () => {
  it('a required variable: its value, or an EnvError naming it when missing or empty', () => {
    const bucket = required('SOME_BUCKET');
    expect(bucket({ SOME_BUCKET: 'b-1' })).toBe('b-1');
    expect(() => bucket({})).toThrow(EnvError);
    expect(() => bucket({})).toThrow('Missing environment variable SOME_BUCKET');
    expect(() => bucket({ SOME_BUCKET: '' })).toThrow('Missing environment variable SOME_BUCKET');
  });

  it('an optional variable is undefined when unset or empty', () => {
    const arn = optional('SOME_ARN');
    expect(arn({})).toBeUndefined();
    expect(arn({ SOME_ARN: '' })).toBeUndefined();
    expect(arn({ SOME_ARN: 'arn:x' })).toBe('arn:x');
  });

  it('a setting falls back to its default when unset; a set but invalid value fails naming variable and value', () => {
    const n = withDefault('SOME_NUMBER', z.string().regex(/^\d+$/, 'must be digits').transform(Number), 7);
    expect(n({})).toBe(7);
    expect(n({ SOME_NUMBER: '12' })).toBe(12);
    expect(() => n({ SOME_NUMBER: 'x' })).toThrow('Invalid environment variable SOME_NUMBER (got "x"): must be digits');
    try {
      n({ SOME_NUMBER: 'x' });
    } catch (err) {
      expect(err).toBeInstanceOf(RangeError);
      expect((err as EnvError).variable).toBe('SOME_NUMBER');
    }
  });

  it('never puts a secret value into the message', () => {
    const key = required('SOME_KEY', z.string().min(10, 'too short'), { secret: true });
    expect(() => key({ SOME_KEY: 'sk_live_1' })).toThrow('Invalid environment variable SOME_KEY: too short');
    expect(() => key({ SOME_KEY: 'sk_live_1' })).not.toThrow(/sk_live_1/);
  });
});

describe('process.env by default, read at each call (lazy)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('sees a variable set after the module was loaded', () => {
    delete process.env.PRODUCT_IMAGES_BUCKET;
    expect(() => env.productImagesBucket()).toThrow('Missing environment variable PRODUCT_IMAGES_BUCKET');
    process.env.PRODUCT_IMAGES_BUCKET = 'images';
    expect(env.productImagesBucket()).toBe('images');
  });

  it('table names come through the same accessors', () => {
    delete process.env.ORDERS_TABLE;
    expect(() => tableName('orders')).toThrow('Missing environment variable ORDERS_TABLE');
    process.env.ORDERS_TABLE = 'orders-1';
    expect(tableName('orders')).toBe('orders-1');
  });
});

describe('the catalog', () => {
  it('settings with stack defaults', () => {
    expect(env.marketplaceTimeZone({})).toBe('America/Los_Angeles');
    expect(env.marketplaceTimeZone({ MARKETPLACE_TIME_ZONE: 'Asia/Taipei' })).toBe('Asia/Taipei');
    expect(() => env.marketplaceTimeZone({ MARKETPLACE_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/MARKETPLACE_TIME_ZONE.*IANA/);

    expect(env.defaultCommissionBps({})).toBe(1_500);
    expect(env.defaultCommissionBps({ DEFAULT_COMMISSION_BPS: '0' })).toBe(0);
    expect(env.defaultCommissionBps({ DEFAULT_COMMISSION_BPS: '10000' })).toBe(10_000);
    for (const bad of ['10001', '-1', '12.5', 'abc', '1e3']) {
      expect(() => env.defaultCommissionBps({ DEFAULT_COMMISSION_BPS: bad }), bad).toThrow(/DEFAULT_COMMISSION_BPS.*integer from 0 to 10000/);
    }

    expect(env.payoutFeeCents({})).toBe(100);
    expect(env.payoutFeeCents({ PAYOUT_FEE_CENTS: '250' })).toBe(250);
    expect(() => env.payoutFeeCents({ PAYOUT_FEE_CENTS: '1.5' })).toThrow(/PAYOUT_FEE_CENTS/);

    expect(env.payoutHoldDays({})).toBe(3);
    expect(env.payoutHoldDays({ PAYOUT_HOLD_DAYS: '0' })).toBe(0);
    expect(env.payoutHoldDays({ PAYOUT_HOLD_DAYS: '1.5' })).toBe(1.5);
    expect(() => env.payoutHoldDays({ PAYOUT_HOLD_DAYS: '-1' })).toThrow(/PAYOUT_HOLD_DAYS/);
  });

  it('log level: case-insensitive, INFO by default, a typo fails', () => {
    expect(env.logLevel({})).toBe('INFO');
    expect(env.logLevel({ LOG_LEVEL: 'silent' })).toBe('SILENT');
    expect(() => env.logLevel({ LOG_LEVEL: 'LOUD' })).toThrow(/LOG_LEVEL.*one of/);
  });

  it('URLs and ARNs are checked for shape', () => {
    expect(env.payoutQueueUrl({ PAYOUT_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q' })).toMatch(/^https:/);
    expect(() => env.payoutQueueUrl({ PAYOUT_QUEUE_URL: 'q' })).toThrow(/PAYOUT_QUEUE_URL.*http\(s\) URL/);
    expect(() => env.supportTopicArn({ SUPPORT_TOPIC_ARN: 'support' })).toThrow(/SUPPORT_TOPIC_ARN.*ARN/);
    expect(env.payoutProviderSecretArn({})).toBeUndefined();
  });

  it('the provider API key is a secret', () => {
    expect(() => env.payoutProviderApiKey({})).toThrow('Missing environment variable PAYOUT_PROVIDER_API_KEY');
    expect(env.payoutProviderApiKey({ PAYOUT_PROVIDER_API_KEY: 'k' })).toBe('k');
  });
});
