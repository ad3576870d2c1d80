import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { App } from 'aws-cdk-lib';
import { createApp } from '../../lib/app';
import { projectRoot } from '../../lib/paths';
import type { EdgeStack } from '../../lib/edge-stack';
import type { SellerPortalStack } from '../../lib/seller-portal-stack';

/** The feature flags and settings `cdk synth` uses: `new App({ context })` does not read cdk.json itself. */
const cdkJsonContext = (JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> })
  .context;

export interface SynthOptions {
  /** Extra CDK context (stage, domainName, ...). */
  context?: Record<string, unknown>;
  /** The built site to deploy; default: none (only /config.json is deployed). */
  webDistDir?: string;
  /** Run CDK's built-in CloudFormation validation (slow: keep it to one test file). */
  cloudFormationValidation?: boolean;
}

export interface Synthesized {
  app: App;
  stack: SellerPortalStack;
  template: Template;
  /** The raw template, for walking references. */
  json: CfnTemplate;
  /** The companion stack SellerPortal-<stage>-edge (us-east-1): the distribution's web ACL. */
  edge: EdgeStack;
  edgeJson: CfnTemplate;
  outdir: string;
  /** Deletes the cloud assembly (about 22 MB: BucketDeployment's AWS CLI layer). */
  cleanup: () => void;
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown }>;
}

/**
 * Synthesizes the app exactly as bin/app.ts does (same createApp, cdk.json's context, cdk-nag
 * registered, so an unacknowledged finding fails here too), with Lambda bundling stubbed
 * (`aws:cdk:bundling-stacks: []` makes NodejsFunction skip esbuild) and the assembly in a temp folder.
 */
export function synth(options: SynthOptions = {}): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'seller-portal-cdk-'));
  const { app, stack, edge } = createApp(
    {
      outdir,
      context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], ...options.context },
      builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
    },
    { webDistDir: options.webDistDir ?? join(outdir, 'no-web-build') },
  );
  app.synth();
  const template = Template.fromStack(stack);
  return {
    app,
    stack,
    template,
    json: template.toJSON() as CfnTemplate,
    edge,
    edgeJson: Template.fromStack(edge).toJSON() as CfnTemplate,
    outdir,
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** A minimal built site (index.html, a hashed asset, and a stray local config.json) in a temp folder. */
export function fakeWebBuild(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'seller-portal-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Seller Portal</title><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(dir, 'config.json'), '{"local":true}');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const resourcesOfType = (json: CfnTemplate, type: string): [string, CfnResource][] =>
  Object.entries(json.Resources).filter(([, r]) => r.Type === type);

export const props = (resource: CfnResource | undefined): Record<string, unknown> => resource?.Properties ?? {};

/** The logical id of the one resource of `type` whose path (logical id) starts with `prefix`. */
export function logicalIdOf(json: CfnTemplate, type: string, prefix: string): string {
  const ids = resourcesOfType(json, type)
    .map(([id]) => id)
    .filter((id) => id.startsWith(prefix));
  if (ids.length !== 1) throw new Error(`Expected one ${type} starting with ${prefix}, found ${ids.join(', ') || 'none'}`);
  return ids[0] as string;
}

/** The Lambda we wrote whose Description is `description` (contracts/routes.ts, lib/auth.ts). */
export function functionByDescription(json: CfnTemplate, description: string): [string, CfnResource] {
  const found = resourcesOfType(json, 'AWS::Lambda::Function').filter(([, r]) => props(r).Description === description);
  if (found.length !== 1) throw new Error(`Expected one Lambda described "${description}", found ${found.length}`);
  return found[0] as [string, CfnResource];
}

/** Statements of every IAM policy attached to the role `roleLogicalId`. */
export function statementsOfRole(json: CfnTemplate, roleLogicalId: string): Record<string, unknown>[] {
  return resourcesOfType(json, 'AWS::IAM::Policy')
    .filter(([, p]) => (props(p).Roles as unknown[] | undefined)?.some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleLogicalId })))
    .flatMap(([, p]) => (props(p).PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
}

export const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The logical id of the table of contracts/tables.ts named `key` (lib/data.ts names it Data<Key>Table). */
export const tableLogicalId = (json: CfnTemplate, key: string): string =>
  logicalIdOf(json, 'AWS::DynamoDB::Table', `Data${key.charAt(0).toUpperCase()}${key.slice(1)}Table`);

/** The logical id of a Lambda's execution role. */
export const roleOf = (fn: CfnResource): string => (props(fn).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

/** The statements of the queue policies attached to exactly this queue. */
export const queuePolicyStatements = (json: CfnTemplate, queueLogicalId: string): Record<string, unknown>[] =>
  resourcesOfType(json, 'AWS::SQS::QueuePolicy')
    .map(([, p]) => props(p))
    .filter((p) => JSON.stringify(p.Queues) === JSON.stringify([{ Ref: queueLogicalId }]))
    .flatMap((p) => (p.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);

/** The asynchronous-invocation settings (retries, on-failure destination) of one function. */
export const asyncInvokeConfigsOf = (json: CfnTemplate, functionLogicalId: string): Record<string, unknown>[] =>
  resourcesOfType(json, 'AWS::Lambda::EventInvokeConfig')
    .map(([, c]) => props(c))
    .filter((c) => JSON.stringify(c.FunctionName) === JSON.stringify({ Ref: functionLogicalId }));

/** The CloudWatch alarms on one SQS queue's metrics. */
export const queueAlarms = (json: CfnTemplate, queueLogicalId: string): Record<string, unknown>[] =>
  resourcesOfType(json, 'AWS::CloudWatch::Alarm')
    .map(([, a]) => props(a))
    .filter((a) => a.Namespace === 'AWS/SQS' && JSON.stringify(a.Dimensions).includes(`"${queueLogicalId}"`));
