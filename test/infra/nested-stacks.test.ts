import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import { AuthorizationType, MockIntegration, RestApi, type IRestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { deployedStage } from '../../lib/api';
import { readStageSettings } from '../../lib/settings';
import stateful from './fixtures/stateful-resources.json';
import { fakeWebBuild, props, resourcesOfType, synth, type CfnTemplate, type Synthesized } from './support';

/**
 * Issue 23: room to grow. The app is synthesized as `npm run build && cdk deploy` deploys it (the
 * CLI's context: CDK metadata, asset metadata naming each nested template; a built site with hashed
 * assets; every optional parameter set), and every template it deploys is counted.
 */

/** CloudFormation's limits per template (resources, parameters, outputs); ours is lower, to keep room. */
const MAX_RESOURCES_PER_TEMPLATE = 400;
const CFN_MAX_PARAMETERS = 200;
const CFN_MAX_OUTPUTS = 200;
/** CloudFormation reads a template from S3 up to 1 MB. */
const CFN_MAX_TEMPLATE_BYTES = 1_000_000;

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/seller-portal-edge/1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
/** Every optional parameter of lib/settings.ts, the ones that add resources in particular (subscriptions, the domain identity, its outputs). */
const EVERY_PARAMETER = {
  alarmEmail: 'ops@example.com',
  supportEmail: 'help@example.com',
  senderDomain: 'example.com',
  senderEmail: 'no-reply@example.com',
  senderName: 'Golden Market',
  senderVerified: 'true',
  domainName: 'portal.example.com',
  certificateArn,
  webAclArn,
  threatProtection: 'enforced',
  marketplaceTimeZone: 'Asia/Taipei',
};

const synthesized: Record<string, Synthesized> = {};
const webBuild = fakeWebBuild();
beforeAll(() => {
  // Every parameter in both stages, with the policy plugins: an unacknowledged cdk-nag or Guard finding in any option fails here.
  for (const stage of ['dev', 'prod'])
    synthesized[stage] = synth({ context: { stage, ...EVERY_PARAMETER }, webDistDir: webBuild.dir, policyValidation: true });
});
afterAll(() => {
  for (const s of Object.values(synthesized)) s.cleanup();
  webBuild.cleanup();
});

const count = (t: CfnTemplate) => Object.keys(t.Resources).length;

describe.each(['dev', 'prod'])('the %s stage with every parameter', (stage) => {
  it('deploys a root stack and its nested stacks (API functions, API routes, alarms), each well under CloudFormation\'s limits', () => {
    const s = synthesized[stage]!;
    const templates = { ...s.templates, [`${s.edge.stackName}.template.json`]: s.edgeJson };
    const figures = Object.entries(templates).map(([file, t]) => ({
      file,
      resources: count(t),
      parameters: Object.keys(t.Parameters ?? {}).length,
      outputs: Object.keys(t.Outputs ?? {}).length,
      bytes: JSON.stringify(t).length,
    }));
    // The figures docs/decisions.md reports ("Nested stacks"), printed for the record.
    console.info(`resources per template (${stage}):`, figures.map((f) => `${f.file.replace(/[0-9A-F]{8}\.nested/, '.nested')} ${f.resources}`).join(', '));
    expect(Object.keys(s.templates)).toHaveLength(4);
    for (const f of figures) {
      expect(f.resources, f.file).toBeLessThanOrEqual(MAX_RESOURCES_PER_TEMPLATE);
      expect(f.parameters, f.file).toBeLessThanOrEqual(CFN_MAX_PARAMETERS);
      expect(f.outputs, f.file).toBeLessThanOrEqual(CFN_MAX_OUTPUTS);
      expect(f.bytes, f.file).toBeLessThan(CFN_MAX_TEMPLATE_BYTES);
    }
    // Every template carries CDK's metadata resource, as `cdk deploy` makes it.
    for (const t of Object.values(s.templates)) expect(resourcesOfType(t, 'AWS::CDK::Metadata')).toHaveLength(1);
  });

  it('keeps every stateful resource of the release before the split in the root stack, under the same logical id', () => {
    const root = Object.values(synthesized[stage]!.templates)[0]!;
    const before = (stateful as Record<string, Record<string, string>>)[stage]!;
    expect(Object.keys(before).length).toBeGreaterThan(40);
    for (const [id, type] of Object.entries(before)) expect(root.Resources[id]?.Type, id).toBe(type);
    // And nothing stateful lives in a nested stack, where a move would replace it.
    const statefulTypes = new Set(Object.values(before));
    for (const [file, t] of Object.entries(synthesized[stage]!.templates).slice(1)) {
      expect(Object.values(t.Resources).filter((r) => statefulTypes.has(r.Type)).map((r) => r.Type), file).toEqual([]);
    }
  });

  it('keeps the SES identity the stack manages when a prod stack goes (its verification and DKIM records outlive a deployment)', () => {
    const identities = resourcesOfType(synthesized[stage]!.json, 'AWS::SES::EmailIdentity');
    expect(identities).toHaveLength(1);
    expect(identities[0]![1].DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
  });

  it('associates the regional web ACL with the API stage of the routes stack', () => {
    const s = synthesized[stage]!;
    const [stageId] = resourcesOfType(s.json, 'AWS::ApiGateway::Stage')[0]!;
    const associations = resourcesOfType(s.json, 'AWS::WAFv2::WebACLAssociation').map(([, a]) => JSON.stringify(props(a).ResourceArn));
    expect(associations.filter((arn) => arn.includes(`"Ref":"${stageId}"`))).toHaveLength(1);
  });
});

describe('the API deployment', () => {
  // A small app: an imported API in a nested stack with one method, as lib/api.ts builds the routes stack.
  const deploymentIdWith = (responseCode: string): string => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const root = new Stack(app, 'Root');
    const routes = new NestedStack(root, 'Routes');
    const gateway = new RestApi(root, 'Api', { deploy: false });
    gateway.root.addMethod('OPTIONS', new MockIntegration());
    const api: IRestApi = RestApi.fromRestApiAttributes(routes, 'Imported', { restApiId: gateway.restApiId, rootResourceId: gateway.restApiRootResourceId });
    api.root.addResource('orders').addMethod('GET', new MockIntegration({ integrationResponses: [{ statusCode: responseCode }] }), { authorizationType: AuthorizationType.NONE });
    const account = new CfnAccount(root, 'Account', { cloudWatchRoleArn: 'arn:aws:iam::123456789012:role/x' });
    deployedStage(routes, { api, settings: readStageSettings(app.node), account, logRemovalPolicy: readStageSettings(app.node).removalPolicy });
    const deployment = routes.node.findAll().find((c): c is CfnResource => CfnResource.isCfnResource(c) && c.cfnResourceType === 'AWS::ApiGateway::Deployment')!;
    return routes.resolve(deployment.logicalId) as string;
  };

  it('is a new deployment whenever a method changes (the stage then serves the change), the same one otherwise', () => {
    expect(deploymentIdWith('200')).toBe(deploymentIdWith('200'));
    expect(deploymentIdWith('200')).not.toBe(deploymentIdWith('204'));
  });
});

/** The logical id a `{ "Fn::GetAtt": [id, "Arn"] }` (or `{ Ref: id }`) points at, if any. */
const targetId = (value: unknown): string | undefined => {
  const v = value as { 'Fn::GetAtt'?: [string, string]; Ref?: string } | undefined;
  return v?.['Fn::GetAtt']?.[0] ?? v?.Ref;
};

describe('every asynchronous path', () => {
  /**
   * Each way an event reaches one of our Lambdas without a caller waiting (a rule, a schedule, an
   * S3 notification, a queue, a stream), the queue its failures end in (after every retry), and
   * the alarms: that queue's at its first message (the first event lost to the function), and the
   * function's errors. Listed from the synthesized templates.
   */
  it('keeps its failures in a dead-letter or on-failure queue that alarms at the first message, and alarms on the function\'s errors', () => {
    const json = synthesized.dev!.json;
    const alarms = resourcesOfType(json, 'AWS::CloudWatch::Alarm').map(([, a]) => props(a));
    const queueAlarmsAtFirst = (queueId: string) =>
      alarms.some((a) => a.Namespace === 'AWS/SQS' && a.MetricName === 'ApproximateNumberOfMessagesVisible' && a.Threshold === 1 && JSON.stringify(a.Dimensions).includes(`"${queueId}"`));
    const errorsAlarm = (fnId: string) => alarms.find((a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fnId}"`));
    const onFailureOf = (fnId: string) =>
      resourcesOfType(json, 'AWS::Lambda::EventInvokeConfig')
        .map(([, c]) => props(c))
        .find((c) => targetId(c.FunctionName) === fnId)?.DestinationConfig as { OnFailure?: { Destination: unknown } } | undefined;

    const paths: { path: string; fn: string; failures: string | undefined; errorsAlarm: boolean }[] = [];
    const asyncInvoked = (path: string, fnId: string) =>
      paths.push({ path, fn: fnId, failures: targetId(onFailureOf(fnId)?.OnFailure?.Destination), errorsAlarm: errorsAlarm(fnId) !== undefined });
    for (const [id, rule] of resourcesOfType(json, 'AWS::Events::Rule')) {
      for (const target of (props(rule).Targets ?? []) as { Arn: unknown }[]) {
        const fn = targetId(target.Arn);
        if (fn && json.Resources[fn]?.Type === 'AWS::Lambda::Function') asyncInvoked(`rule ${id}`, fn);
      }
    }
    for (const [id, schedule] of resourcesOfType(json, 'AWS::Scheduler::Schedule')) asyncInvoked(`schedule ${id}`, targetId((props(schedule).Target as { Arn: unknown }).Arn)!);
    for (const [id, n] of resourcesOfType(json, 'Custom::S3BucketNotifications')) {
      for (const c of ((props(n).NotificationConfiguration as { LambdaFunctionConfigurations?: { LambdaFunctionArn: unknown }[] }).LambdaFunctionConfigurations ?? [])) asyncInvoked(`S3 ${id}`, targetId(c.LambdaFunctionArn)!);
    }
    for (const [id, m] of resourcesOfType(json, 'AWS::Lambda::EventSourceMapping')) {
      const p = props(m);
      const fn = targetId(p.FunctionName)!;
      const source = targetId(p.EventSourceArn)!;
      const failures =
        json.Resources[source]?.Type === 'AWS::SQS::Queue'
          ? targetId((props(json.Resources[source]).RedrivePolicy as { deadLetterTargetArn?: unknown } | undefined)?.deadLetterTargetArn)
          : targetId((p.DestinationConfig as { OnFailure?: { Destination: unknown } } | undefined)?.OnFailure?.Destination);
      paths.push({ path: `event source ${id}`, fn, failures, errorsAlarm: errorsAlarm(fn) !== undefined });
    }
    console.info('asynchronous paths:', paths.map((p) => `${p.path} → ${p.fn} → ${p.failures ?? 'NONE'}`).join('; '));
    expect(paths.length).toBeGreaterThanOrEqual(10);
    for (const p of paths) {
      expect(p.failures, `${p.path} → ${p.fn}: no dead-letter or on-failure queue`).toBeDefined();
      expect(queueAlarmsAtFirst(p.failures!), `${p.path}: ${p.failures} does not alarm at its first message`).toBe(true);
      expect(p.errorsAlarm, `${p.path} → ${p.fn}: no errors alarm`).toBe(true);
    }
  });
});
