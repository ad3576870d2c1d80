import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { App } from 'aws-cdk-lib';
import { inject } from 'vitest';
import { createApp } from '../../lib/app';
import { projectRoot } from '../../lib/paths';
import type { EdgeStack } from '../../lib/edge-stack';
import type { SellerPortalStack } from '../../lib/seller-portal-stack';

/** The feature flags and settings `cdk synth` uses: `new App({ context })` does not read cdk.json itself. */
const cdkJsonContext = (JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> })
  .context;

/**
 * What the CDK CLI adds to the context of every `cdk synth` / `cdk deploy` by default: path and asset
 * metadata (the asset metadata names each nested stack's template) and version reporting (the
 * AWS::CDK::Metadata resource, one more per template). The tests synthesize with them, so they see
 * the templates `cdk deploy` deploys.
 */
export const CLI_CONTEXT = {
  'aws:cdk:enable-path-metadata': true,
  'aws:cdk:enable-asset-metadata': true,
  'aws:cdk:version-reporting': true,
} as const;

export interface SynthOptions {
  /** Extra CDK context (stage, domainName, ...). */
  context?: Record<string, unknown>;
  /** The built site to deploy; default: none (only /config.json is deployed). */
  webDistDir?: string;
  /** Run CDK's built-in CloudFormation validation (slow: keep it to one test file). */
  cloudFormationValidation?: boolean;
  /**
   * Run the policy validation plugins (cdk-nag and CloudFormation Guard) as `cdk synth` does; default
   * off. Guard is about 20 s of a 25 s synth, so it runs on the synths whose findings are the point:
   * the default app (nag.test.ts) and every parameter in dev and prod (nested-stacks.test.ts).
   */
  policyValidation?: boolean;
}

export interface Synthesized {
  app: App;
  stack: SellerPortalStack;
  /** Assertions over the whole deployment: the root template and its nested stacks merged (`json`). */
  template: Template;
  /**
   * The root template with every nested stack's resources merged in, references between them
   * resolved (a nested stack's parameter replaced by what the root passes it, a root `Outputs.X` of
   * a nested stack by that output's value): one view of what `cdk deploy` creates, whichever
   * template holds a resource (lib/seller-portal-stack.ts "nested stacks").
   */
  json: CfnTemplate;
  /** The templates as deployed: the root's file name first, then each nested stack's, with their own resources. */
  templates: Record<string, CfnTemplate>;
  /** The companion stack SellerPortal-<stage>-edge (us-east-1): the distribution's web ACL. */
  edge: EdgeStack;
  edgeJson: CfnTemplate;
  outdir: string;
  /** The root template's file in the cloud assembly. */
  rootTemplate: string;
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
  Parameters?: Record<string, unknown>;
}

/**
 * Synthesizes the app exactly as bin/app.ts does (same createApp, cdk.json's context; with
 * `policyValidation` an unacknowledged cdk-nag or Guard finding fails here too), with Lambda bundling stubbed
 * (`aws:cdk:bundling-stacks: []` makes NodejsFunction skip esbuild) and the assembly in a temp folder.
 */
export function synth(options: SynthOptions = {}): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'seller-portal-cdk-'));
  const { app, stack, edge } = createApp(
    {
      outdir,
      context: { ...cdkJsonContext, ...CLI_CONTEXT, 'aws:cdk:bundling-stacks': [], ...options.context },
      builtinCloudFormationValidation: options.cloudFormationValidation ?? false,
    },
    { webDistDir: options.webDistDir ?? join(outdir, 'no-web-build'), policyValidation: options.policyValidation ?? false },
  );
  const assembly = app.synth();
  const rootTemplate = assembly.getStackByName(stack.stackName).templateFullPath;
  const templates = deployedTemplates(rootTemplate);
  const json = mergedTemplate(templates);
  const template = Template.fromJSON(json as unknown as Record<string, unknown>);
  return {
    app,
    stack,
    template,
    json,
    templates,
    edge,
    edgeJson: Template.fromStack(edge).toJSON() as CfnTemplate,
    outdir,
    rootTemplate,
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** What a file that only reads the default app's templates gets (see `synthesizedTemplates`). */
export type SynthesizedTemplates = Pick<Synthesized, 'json' | 'templates'>;

/**
 * The default app's templates (what `synth()` with no options gives as `json` and `templates`), read
 * from the cloud assembly test/infra/global-setup.ts synthesized once for the project: the same
 * files `cdk synth` writes, so no assertion sees anything else. Each call parses its own copy.
 */
export function synthesizedTemplates(): SynthesizedTemplates {
  const templates = deployedTemplates(inject('infraRootTemplate'));
  return { templates, json: mergedTemplate(templates) };
}

/** The root template (by its file name) and, after it, every nested stack's template it names, recursively. */
export function deployedTemplates(rootPath: string): Record<string, CfnTemplate> {
  const dir = dirname(rootPath);
  const out: Record<string, CfnTemplate> = {};
  const visit = (file: string) => {
    const t = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CfnTemplate;
    out[file] = t;
    for (const r of Object.values(t.Resources)) {
      const nested = (r as { Metadata?: Record<string, unknown> }).Metadata?.['aws:asset:path'];
      if (r.Type === 'AWS::CloudFormation::Stack' && typeof nested === 'string') visit(nested);
    }
  };
  visit(basename(rootPath));
  return out;
}

/**
 * One template of the root and its nested stacks (see `Synthesized.json`). Logical ids are unique
 * across the templates (CDK derives them from construct paths); a clash would throw here.
 */
export function mergedTemplate(templates: Record<string, CfnTemplate>): CfnTemplate {
  const [rootFile] = Object.keys(templates);
  const root = templates[rootFile!]!;
  // Which nested template a root resource of type AWS::CloudFormation::Stack deploys, and its parameters.
  const nestedOf = new Map<string, { template: CfnTemplate; parameters: Record<string, unknown> }>();
  const collect = (t: CfnTemplate) => {
    for (const [id, r] of Object.entries(t.Resources)) {
      const file = (r as { Metadata?: Record<string, unknown> }).Metadata?.['aws:asset:path'];
      if (r.Type !== 'AWS::CloudFormation::Stack' || typeof file !== 'string') continue;
      const template = templates[file]!;
      nestedOf.set(id, { template, parameters: (r.Properties?.Parameters ?? {}) as Record<string, unknown> });
      collect(template);
    }
  };
  collect(root);
  const merged: CfnTemplate = { ...root, Resources: { ...root.Resources } };
  // Resolves, in a value from a nested template, its parameters; in any value, `Outputs.X` of a nested stack.
  const resolveIn = (value: unknown, params: Record<string, unknown>): unknown => {
    if (Array.isArray(value)) return value.map((v) => resolveIn(v, params));
    if (value === null || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length === 1 && keys[0] === 'Ref' && typeof obj.Ref === 'string' && obj.Ref in params) return resolveIn(params[obj.Ref], {});
    if (keys.length === 1 && keys[0] === 'Fn::GetAtt') {
      const [target, attribute] = obj['Fn::GetAtt'] as [string, string];
      const nested = nestedOf.get(target);
      if (nested && typeof attribute === 'string' && attribute.startsWith('Outputs.')) {
        const output = nested.template.Outputs?.[attribute.slice('Outputs.'.length)];
        if (output) return resolveIn(output.Value, resolvedParams(target));
      }
    }
    return Object.fromEntries(keys.map((k) => [k, resolveIn(obj[k], params)]));
  };
  const paramCache = new Map<string, Record<string, unknown>>();
  const resolvedParams = (nestedId: string): Record<string, unknown> => {
    const cached = paramCache.get(nestedId);
    if (cached) return cached;
    const resolved = resolveIn(nestedOf.get(nestedId)!.parameters, {}) as Record<string, unknown>;
    paramCache.set(nestedId, resolved);
    return resolved;
  };
  for (const [nestedId, { template }] of nestedOf) {
    const params = resolvedParams(nestedId);
    for (const [id, resource] of Object.entries(template.Resources)) {
      // Each template has its own version-reporting resource; the root's stands for all.
      if (resource.Type === 'AWS::CDK::Metadata') continue;
      if (id in merged.Resources) throw new Error(`Logical id ${id} is in more than one template`);
      merged.Resources[id] = resolveIn(resource, params) as CfnResource;
    }
  }
  for (const [id, resource] of Object.entries(root.Resources)) merged.Resources[id] = resolveIn(resource, {}) as CfnResource;
  if (root.Outputs) merged.Outputs = resolveIn(root.Outputs, {}) as CfnTemplate['Outputs'];
  return merged;
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
