import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEFAULT_API_THROTTLE, DEFAULT_WAF_LIMITS, readStageSettings } from '../../lib/settings';
import { props, resourcesOfType, synth, type Synthesized } from './support';

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/seller-portal-prod-edge/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
/** What prod cannot do without (lib/settings.ts). */
const PROD_REQUIRED = { stage: 'prod', alarmEmail: 'ops@example.com', supportEmail: 'support@example.com', senderEmail: 'notices@example.com', webAclArn };

let s: Synthesized;
beforeAll(() => {
  s = synth({
    // The sender identity made and verified by the operator before the first deploy (docs/operations.md "First deploy").
    context: { ...PROD_REQUIRED, senderIdentity: 'existing', domainName: 'portal.example.com', certificateArn },
  });
});
afterAll(() => s.cleanup());

describe('the prod stage', () => {
  it('is the stack SellerPortal-prod, protected from termination', () => {
    expect(s.stack.stackName).toBe('SellerPortal-prod');
    expect(s.stack.terminationProtection).toBe(true);
  });

  it('keeps tables, user pool and product images when the stack goes, and refuses to delete them', () => {
    for (const [, table] of resourcesOfType(s.json, 'AWS::DynamoDB::Table')) {
      expect(table.DeletionPolicy).toBe('Retain');
      expect(props(table).DeletionProtectionEnabled).toBe(true);
    }
    const [, pool] = resourcesOfType(s.json, 'AWS::Cognito::UserPool')[0]!;
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(props(pool).DeletionProtection).toBe('ACTIVE');
    const [, images] = resourcesOfType(s.json, 'AWS::S3::Bucket').find(([id]) => id.startsWith('ProductImagesBucket'))!;
    expect(images.DeletionPolicy).toBe('Retain');
    const autoDeleted = resourcesOfType(s.json, 'Custom::S3AutoDeleteObjects').map(([, r]) => JSON.stringify(props(r).BucketName));
    expect(autoDeleted).toEqual([]);
  });

  it('serves the custom domain with its certificate and TLS 1.2, and lets it upload images', () => {
    const config = props(resourcesOfType(s.json, 'AWS::CloudFront::Distribution')[0]![1]).DistributionConfig as Record<string, unknown>;
    expect(config.Aliases).toEqual(['portal.example.com']);
    expect(config.ViewerCertificate).toEqual({ AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    const [, images] = resourcesOfType(s.json, 'AWS::S3::Bucket').find(([id]) => id.startsWith('ProductImagesBucket'))!;
    const origins = (props(images).CorsConfiguration as { CorsRules: { AllowedOrigins: unknown[] }[] }).CorsRules.flatMap((r) => r.AllowedOrigins);
    expect(origins).toContain('https://portal.example.com');
    expect(s.json.Outputs?.SiteUrl?.Value).toBe('https://portal.example.com');
  });

  it('e-mails alarms to the alarm address and support cases to the support address, each from its own topic', () => {
    const subscriptions = resourcesOfType(s.json, 'AWS::SNS::Subscription').map(([, r]) => props(r));
    expect(subscriptions).toHaveLength(2);
    expect(subscriptions).toEqual(
      expect.arrayContaining([
        { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: expect.stringMatching(/^MonitoringAlarmTopic/) } },
        { Protocol: 'email', Endpoint: 'support@example.com', TopicArn: { Ref: expect.stringMatching(/^NotificationsSupportTopic/) } },
      ]),
    );
    const alarms = resourcesOfType(s.json, 'AWS::CloudWatch::Alarm').map(([, r]) => props(r));
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^MonitoringAlarmTopic/) }]);
  });

  it('sends Cognito e-mail through SES from the verified sender identity in the stack region, the notifier\'s too', () => {
    const [, pool] = resourcesOfType(s.json, 'AWS::Cognito::UserPool')[0]!;
    expect(props(pool).EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Seller Portal <notices@example.com>',
      SourceArn: {
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/notices@example.com']],
      },
    });
    // The operator's identity: referred to, never created (or deleted) by the stack.
    expect(resourcesOfType(s.json, 'AWS::SES::EmailIdentity')).toEqual([]);
  });

  it('turns on Cognito threat protection (Plus plan), enforcing', () => {
    const [, pool] = resourcesOfType(s.json, 'AWS::Cognito::UserPool')[0]!;
    expect(props(pool).UserPoolTier).toBe('PLUS');
    expect(props(pool).UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
  });

  it('puts the edge web ACL given as webAclArn in front of the distribution', () => {
    const config = props(resourcesOfType(s.json, 'AWS::CloudFront::Distribution')[0]![1]).DistributionConfig as Record<string, unknown>;
    expect(config.WebACLId).toBe(webAclArn);
  });

  it('names the marketplace bus for the stage and keeps the order-ingest DLQ (and its events) when the stack is deleted', () => {
    const [, bus] = resourcesOfType(s.json, 'AWS::Events::EventBus')[0]!;
    expect(props(bus).Name).toBe('seller-portal-marketplace-prod');
    for (const [id, queue] of resourcesOfType(s.json, 'AWS::SQS::Queue')) expect(queue.DeletionPolicy, id).toBe('Retain');
  });

  it('passes cdk-nag without the default-certificate acknowledgement', () => {
    const report = new AwsSolutionsChecks().validateScope(s.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('stage settings from context', () => {
  // One outdir for these Apps (never synthesized), instead of a temp folder each.
  const outdir = join(tmpdir(), 'seller-portal-settings-test');
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  const read = (context: Record<string, unknown>) => () => readStageSettings(new App({ context, outdir }).node);

  it('default to the dev stage, disposable', () => {
    expect(read({})()).toMatchObject({ stage: 'dev', isProd: false });
  });

  it('refuse prod without an alarm subscriber, a support address, the edge web ACL or a sender, saying which parameter to give', () => {
    const without = (key: keyof typeof PROD_REQUIRED) => read(Object.fromEntries(Object.entries(PROD_REQUIRED).filter(([k]) => k !== key)));
    expect(without('alarmEmail')).toThrow(/Stage "prod" needs -c alarmEmail=<address>/);
    expect(without('supportEmail')).toThrow(/Stage "prod" needs -c supportEmail=<address>/);
    expect(without('webAclArn')).toThrow(/Stage "prod" needs -c webAclArn=<output WebAclArn of SellerPortal-prod-edge>/);
    expect(without('senderEmail')).toThrow(/Stage "prod" needs -c senderEmail=<address> or -c senderDomain=<domain>/);
    expect(read(PROD_REQUIRED)()).toMatchObject({
      stage: 'prod',
      alarmEmail: 'ops@example.com',
      sender: { fromEmail: 'notices@example.com', fromName: 'Seller Portal', identity: 'managed', cognitoViaSes: false, configured: true },
    });
  });

  it('turn threat protection on (enforced) in prod and off elsewhere unless told otherwise', () => {
    expect(read({})().threatProtection).toBe('off');
    expect(read(PROD_REQUIRED)().threatProtection).toBe('enforced');
    expect(read({ ...PROD_REQUIRED, threatProtection: 'audit' })().threatProtection).toBe('audit');
    expect(read({ threatProtection: 'enforced' })().threatProtection).toBe('enforced');
  });

  it('throttle API methods by route class and rate-limit per client with the documented defaults, each adjustable', () => {
    const defaults = read({})();
    expect(defaults.apiThrottle).toEqual(DEFAULT_API_THROTTLE);
    expect(defaults.apiThrottle).toEqual({ read: { rate: 200, burst: 400 }, write: { rate: 50, burst: 100 }, export: { rate: 5, burst: 10 } });
    expect(defaults.waf).toEqual(DEFAULT_WAF_LIMITS);
    const tuned = read({ apiReadRate: '500', apiWriteRate: 80, apiWriteBurst: '160', wafSignUpIpLimit: 10, wafVendorLimit: '3000' })();
    // A rate above the default burst raises the burst with it.
    expect(tuned.apiThrottle).toEqual({ read: { rate: 500, burst: 500 }, write: { rate: 80, burst: 160 }, export: { rate: 5, burst: 10 } });
    expect(tuned.waf).toMatchObject({ signUpIp: 10, vendor: 3000 });
  });

  it('take one SES sender for Cognito and the notifier: managed (Cognito on SES once verified) or existing', () => {
    expect(read({ senderDomain: 'Example.com', senderName: 'Golden Market' })().sender).toEqual({
      fromEmail: 'no-reply@example.com',
      fromName: 'Golden Market',
      domain: 'example.com',
      identity: 'managed',
      cognitoViaSes: false,
      configured: true,
    });
    expect(read({ senderDomain: 'example.com', senderVerified: 'true' })().sender).toMatchObject({ identity: 'managed', cognitoViaSes: true });
    expect(read({ senderEmail: 'notices@example.com', senderIdentity: 'existing' })().sender).toMatchObject({ identity: 'existing', cognitoViaSes: true });
    // No sender (dev only): the placeholder address, no identity, Cognito's own sender.
    expect(read({})().sender).toMatchObject({ fromEmail: 'no-reply@example.com', configured: false, cognitoViaSes: false });
  });

  it('take supportEmail trimmed, and treat an empty one as not given', () => {
    expect(read({ supportEmail: ' support@example.com ' })().supportEmail).toBe('support@example.com');
    expect(read({ supportEmail: '' })()).not.toHaveProperty('supportEmail');
  });

  it.each([
    [{ stage: 'Prod!' }, /stage/],
    [{ alarmEmail: 'not-an-address' }, /alarmEmail/],
    [{ supportEmail: 'support@example' }, /supportEmail/],
    [{ supportEmail: 'two words@example.com' }, /supportEmail/],
    [{ domainName: 'portal.example.com' }, /give both or neither/],
    [{ domainName: 'portal.example.com', certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') }, /us-east-1/],
    [{ stage: 42 }, /must be a string/],
    [{ sesFromEmail: 'no-reply@example.com' }, /"sesFromEmail" is replaced by senderEmail/],
    [{ sesFromName: 'Seller Portal' }, /"sesFromName" is replaced by senderName/],
    [{ sesRegion: 'eu-west-1' }, /"sesRegion" is replaced/],
    [{ sesVerifiedDomain: 'example.com' }, /"sesVerifiedDomain" is replaced by senderDomain/],
    [{ senderEmail: 'no-reply@example.org', senderDomain: 'example.com' }, /must be an address of "senderDomain"/],
    [{ senderDomain: 'example.com', senderIdentity: 'mine' }, /senderIdentity" must be managed .* or existing/],
    [{ senderDomain: 'example.com', senderIdentity: 'existing', senderVerified: true }, /"senderVerified" is for a managed identity/],
    [{ senderDomain: 'example.com', senderVerified: 'yes' }, /"senderVerified" must be true or false/],
    [{ senderVerified: true }, /need "senderEmail" or "senderDomain"/],
    [{ threatProtection: 'on' }, /threatProtection" must be one of off, audit, enforced/],
    [{ apiReadRate: 0 }, /apiReadRate" must be a whole number from 1 to 10000/],
    [{ apiWriteRate: '100', apiWriteBurst: '50' }, /apiWriteBurst" \(50\) must be at least "apiWriteRate" \(100\)/],
    [{ apiExportBurst: 'ten' }, /apiExportBurst/],
    [{ wafSignUpIpLimit: 5 }, /wafSignUpIpLimit" must be a whole number from 10/],
    [{ webAclArn: webAclArn.replace('us-east-1', 'eu-west-1') }, /webAclArn" must be the ARN of a CLOUDFRONT web ACL in us-east-1/],
    [{ webAclArn: webAclArn.replace('global', 'regional') }, /webAclArn/],
  ])('reject %j with a message that says how to fix it', (context, message) => {
    expect(read(context)).toThrow(message);
  });
});
