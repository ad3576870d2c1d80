import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { emailFeedbackFunction, notifierFunction } from '../../lambdas/notifications/functions';
import { readStageSettings } from '../../lib/settings';
import {
  asArray,
  functionByDescription,
  logicalIdOf,
  props,
  queueAlarms,
  resourcesOfType,
  roleOf,
  statementsOfRole,
  synth,
  tableLogicalId,
  type Synthesized,
} from './support';

/** Issue 12's e-mail side: SES identity and configuration set, the notifier on the stream, least privilege, DLQ, alarms. */
let s: Synthesized;
beforeAll(() => {
  s = synth({ context: { senderDomain: 'mail.example.com', senderEmail: 'notices@mail.example.com', senderVerified: 'true', supportEmail: 'help@example.com' } });
});
afterAll(() => s.cleanup());

const notifier = () => functionByDescription(s.json, notifierFunction.description);
const feedback = () => functionByDescription(s.json, emailFeedbackFunction.description);
const dlqId = () => logicalIdOf(s.json, 'AWS::SQS::Queue', 'VendorEmailNotifierDeadLetterQueue');

describe('vendor e-mail (SES v2 notifier)', () => {
  it('the notifications table streams new images; the notifier reads them filtered to new inbox items, with partial failures, retries and an SQS on-failure destination', () => {
    expect(props(s.json.Resources[tableLogicalId(s.json, 'notifications')]).StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const [fnId] = notifier();
    const mappings = resourcesOfType(s.json, 'AWS::Lambda::EventSourceMapping').map(([, m]) => props(m)).filter((m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: fnId }));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableLogicalId(s.json, 'notifications'), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: notifierFunction.batchSize,
      MaximumRetryAttempts: notifierFunction.retryAttempts,
      BisectBatchOnFunctionError: false,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'N#' }] } } } }) }] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId(), 'Arn'] } } },
    });
    expect(props(notifier()[1]).Timeout).toBe(notifierFunction.timeoutSeconds);
  });

  it('an SES domain identity and a configuration set whose bounces and complaints go to EventBridge, to the feedback function', () => {
    expect(resourcesOfType(s.json, 'AWS::SES::EmailIdentity').map(([, r]) => props(r).EmailIdentity)).toEqual(['mail.example.com']);
    const destinations = resourcesOfType(s.json, 'AWS::SES::ConfigurationSetEventDestination').map(([, r]) => props(r).EventDestination as Record<string, unknown>);
    expect(destinations).toHaveLength(1);
    expect(destinations[0]).toMatchObject({ Enabled: true, MatchingEventTypes: ['bounce', 'complaint'] });
    expect(destinations[0]!.EventBridgeDestination).toBeDefined();
    const rules = resourcesOfType(s.json, 'AWS::Events::Rule').map(([, r]) => props(r)).filter((r) => JSON.stringify(r.Targets).includes(feedback()[0]));
    expect(rules).toHaveLength(1);
    expect(rules[0]!.EventPattern).toMatchObject({ source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] });
  });

  it('the notifier sends with SendEmail only, from that identity with that configuration set; reads only what it needs', () => {
    const [, fn] = notifier();
    expect((props(fn).Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      NOTIFICATION_SENDER: 'notices@mail.example.com',
      SUPPORT_EMAIL: 'help@example.com',
      SES_CONFIGURATION_SET: expect.anything(),
      // Issue 23: the notifier paces its sends to the account's SES quota (default 14 a second).
      SES_MAX_SEND_RATE: '14',
      PORTAL_URL: expect.anything(),
      // Issue 24, item 14: e-mails show times in the marketplace zone, as the portal does.
      MARKETPLACE_TIME_ZONE: 'America/Los_Angeles',
    });
    const statements = statementsOfRole(s.json, roleOf(fn));
    const ses = statements.filter((st) => asArray(st.Action as string | string[]).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0]!.Action).toBe('ses:SendEmail');
    const resources = JSON.stringify(ses[0]!.Resource);
    expect(asArray(ses[0]!.Resource)).toHaveLength(2);
    expect(resources).toContain(':identity/');
    expect(resources).toContain(':configuration-set/');
    expect(resources).not.toContain('*');
    const actions = statements.flatMap((st) => asArray(st.Action as string | string[]));
    // Stream reading, the claim (idempotency rw), the vendor and STATE reads; no writes to the notifications table.
    expect(actions).toContain('dynamodb:GetRecords');
    expect(JSON.stringify(statements.filter((st) => asArray(st.Action as string | string[]).includes('dynamodb:PutItem')))).not.toContain(tableLogicalId(s.json, 'notifications'));
  });

  it('alarms on the notifier’s dead letters and errors', () => {
    expect(queueAlarms(s.json, dlqId()).length).toBeGreaterThanOrEqual(1);
    const alarms = resourcesOfType(s.json, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a));
    expect(alarms.filter((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(notifier()[0]))).toHaveLength(1);
  });

  it('prod refuses to deploy without a sender identity', () => {
    const prod = { stage: 'prod', alarmEmail: 'ops@example.com', supportEmail: 'help@example.com', webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/e/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d' };
    expect(() => readStageSettings(new App({ context: prod }).node)).toThrow(/senderEmail.*senderDomain/);
    expect(readStageSettings(new App({ context: { ...prod, senderEmail: 'notices@example.com' } }).node).sender).toMatchObject({ fromEmail: 'notices@example.com', configured: true });
  });

  it('Cognito sends from the same identity as the notifier, once it is verified, and only after the stack made it', () => {
    const [identityId, identity] = resourcesOfType(s.json, 'AWS::SES::EmailIdentity')[0]!;
    expect(props(identity).EmailIdentity).toBe('mail.example.com');
    const [, pool] = resourcesOfType(s.json, 'AWS::Cognito::UserPool')[0]!;
    expect(props(pool).EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'Seller Portal <notices@mail.example.com>' });
    expect(JSON.stringify((props(pool).EmailConfiguration as { SourceArn: unknown }).SourceArn)).toContain(':identity/mail.example.com');
    expect((pool as { DependsOn?: string[] }).DependsOn).toContain(identityId);
    const sendEmail = statementsOfRole(s.json, roleOf(notifier()[1])).find((st) => st.Action === 'ses:SendEmail')!;
    expect(JSON.stringify(sendEmail.Resource)).toContain(':identity/mail.example.com');
    // Its DKIM records are outputs, to publish.
    expect(Object.keys(s.json.Outputs ?? {}).filter((k) => k.startsWith('SenderDkimRecord'))).toHaveLength(3);
  });

  it('bounces and complaints the feedback function failed on reach its on-failure queue, and alarm at the first error', () => {
    const [fnId] = feedback();
    const configs = resourcesOfType(s.json, 'AWS::Lambda::EventInvokeConfig').map(([, c]) => props(c)).filter((c) => JSON.stringify(c.FunctionName) === JSON.stringify({ Ref: fnId }));
    const dlq = logicalIdOf(s.json, 'AWS::SQS::Queue', 'VendorEmailFeedbackDeadLetterQueue');
    expect(configs).toEqual([expect.objectContaining({ MaximumRetryAttempts: 2, DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlq, 'Arn'] } } } })]);
    const alarms = resourcesOfType(s.json, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a)).filter((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(fnId));
    expect(alarms).toEqual([expect.objectContaining({ Threshold: 1 })]);
  });

  it('inbox items expire (TTL expiresAt); the e-mails of security notices name the support address', () => {
    expect(props(s.json.Resources[tableLogicalId(s.json, 'notifications')]).TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    expect((props(notifier()[1]).Environment as { Variables: Record<string, unknown> }).Variables.SUPPORT_EMAIL).toBe('help@example.com');
  });
});

describe('an SES identity the operator made (senderIdentity=existing)', () => {
  let e: Synthesized;
  beforeAll(() => {
    e = synth({ context: { senderEmail: 'notices@example.com', senderIdentity: 'existing' } });
  });
  afterAll(() => e.cleanup());

  it('is referred to, not created: Cognito and the notifier both send from it', () => {
    expect(resourcesOfType(e.json, 'AWS::SES::EmailIdentity')).toEqual([]);
    const [, pool] = resourcesOfType(e.json, 'AWS::Cognito::UserPool')[0]!;
    expect(JSON.stringify((props(pool).EmailConfiguration as { SourceArn: unknown }).SourceArn)).toContain(':identity/notices@example.com');
    const fn = functionByDescription(e.json, notifierFunction.description)[1];
    const sendEmail = statementsOfRole(e.json, roleOf(fn)).find((st) => st.Action === 'ses:SendEmail')!;
    expect(JSON.stringify(sendEmail.Resource)).toContain(':identity/notices@example.com');
    expect((props(fn).Environment as { Variables: Record<string, unknown> }).Variables.NOTIFICATION_SENDER).toBe('notices@example.com');
  });

  it('setting sesMaxSendRate (issue 23): SES’s usual starting 14 per second unless set, a whole number ≥ 1', () => {
    const settings = (context: Record<string, unknown>) => readStageSettings(new App({ context }).node);
    expect(settings({}).sesMaxSendRate).toBe(14);
    expect(settings({ sesMaxSendRate: '50' }).sesMaxSendRate).toBe(50);
    for (const bad of [0, '1.5', 'fast', -3]) expect(() => settings({ sesMaxSendRate: bad })).toThrow(/Context "sesMaxSendRate" must be a whole number from 1 to 100000/);
  });
});
