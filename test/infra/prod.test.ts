import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageSettings } from '../../lib/settings';
import { props, resourcesOfType, synth, type Synthesized } from './support';

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

let s: Synthesized;
beforeAll(() => {
  s = synth({
    context: { stage: 'prod', domainName: 'portal.example.com', certificateArn, alarmEmail: 'ops@example.com', supportEmail: 'support@example.com' },
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
  ])('reject %j with a message that says how to fix it', (context, message) => {
    expect(read(context)).toThrow(message);
  });
});
