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
  s = synth({ context: { senderDomain: 'mail.example.com', senderEmail: 'notices@mail.example.com', supportEmail: 'help@example.com' } });
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
      PORTAL_URL: expect.anything(),
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
    const app = new App({ context: { stage: 'prod', alarmEmail: 'ops@example.com', sesFromEmail: 'no-reply@example.com' } });
    expect(() => readStageSettings(app.node)).toThrow(/senderEmail.*senderDomain/);
    const ok = new App({ context: { stage: 'prod', alarmEmail: 'ops@example.com', sesFromEmail: 'no-reply@example.com', senderEmail: 'notices@example.com' } });
    expect(readStageSettings(ok.node).notificationSender).toEqual({ fromEmail: 'notices@example.com', configured: true });
  });

  it('setting sesMaxSendRate (issue 23): SES’s usual starting 14 per second unless set, a whole number ≥ 1', () => {
    const settings = (context: Record<string, unknown>) => readStageSettings(new App({ context }).node);
    expect(settings({}).sesMaxSendRate).toBe(14);
    expect(settings({ sesMaxSendRate: '50' }).sesMaxSendRate).toBe(50);
    for (const bad of [0, '1.5', 'fast', -3]) expect(() => settings({ sesMaxSendRate: bad })).toThrow(/Context "sesMaxSendRate" must be a whole number from 1 to 100000/);
  });
});
