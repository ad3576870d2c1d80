/**
 * Deploys the steps of an index plan (scripts/ops/index-steps.ts) to a stack: each intermediate
 * step as a CloudFormation change set on the root stack, waiting for its completion (a new global
 * secondary index is backfilled before CloudFormation reports the update complete: minutes to hours
 * on a large table), then the plain `cdk deploy` of the target as the last step. A failed step stops
 * the run and says which; CloudFormation has rolled that step back by then, so running the command
 * again plans from what is deployed and carries on.
 *
 * The AWS edges are injected: `CloudFormationApi` takes and returns the CloudFormation API's own
 * shapes (what @aws-sdk/client-cloudformation's commands and `aws cloudformation … --output json`
 * both speak; scripts/ops/aws-cli-cloudformation.ts is the AWS CLI's), `TemplateStore` uploads a
 * template too large for a request body, `cdk` runs the CDK CLI.
 */
import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { indexState, indexStateDifferences, type CfnTemplate, type IndexPlan, type IndexState, type IndexStep } from './index-steps';

type Timestamp = Date | string;

export interface StackParameter {
  ParameterKey?: string;
  ParameterValue?: string;
}
export interface StackDescription {
  StackId?: string;
  StackName?: string;
  StackStatus?: string;
  StackStatusReason?: string;
  LastUpdatedTime?: Timestamp;
  CreationTime?: Timestamp;
  Parameters?: StackParameter[];
}
export interface StackEvent {
  EventId?: string;
  Timestamp?: Timestamp;
  LogicalResourceId?: string;
  ResourceType?: string;
  ResourceStatus?: string;
  ResourceStatusReason?: string;
}
export interface ResourceChange {
  Action?: string;
  LogicalResourceId?: string;
  ResourceType?: string;
  Replacement?: string;
}
export interface CreateChangeSetInput {
  StackName: string;
  ChangeSetName: string;
  ChangeSetType: 'UPDATE';
  TemplateBody?: string;
  TemplateURL?: string;
  Parameters: { ParameterKey: string; UsePreviousValue: true }[];
  Capabilities: string[];
  Description: string;
}

/** The CloudFormation calls the staged deploy makes (inputs and outputs as in the API). */
export interface CloudFormationApi {
  getTemplate(input: { StackName: string; TemplateStage: 'Original' }): Promise<{ TemplateBody?: string | object }>;
  describeStacks(input: { StackName: string }): Promise<{ Stacks?: StackDescription[] }>;
  createChangeSet(input: CreateChangeSetInput): Promise<{ Id?: string }>;
  describeChangeSet(input: { StackName: string; ChangeSetName: string; NextToken?: string }): Promise<{
    Status?: string;
    StatusReason?: string;
    ExecutionStatus?: string;
    Changes?: { ResourceChange?: ResourceChange }[];
    NextToken?: string;
  }>;
  executeChangeSet(input: { StackName: string; ChangeSetName: string }): Promise<unknown>;
  deleteChangeSet(input: { StackName: string; ChangeSetName: string }): Promise<unknown>;
  describeStackEvents(input: { StackName: string; NextToken?: string }): Promise<{ StackEvents?: StackEvent[]; NextToken?: string }>;
}

/** Puts a template where CloudFormation can read it; answers its https URL. */
export interface TemplateStore {
  put(body: string): Promise<string>;
}

export interface StagedDeployDeps {
  cloudFormation: CloudFormationApi;
  templates: TemplateStore;
  /** Runs `cdk <args>` (inheriting the terminal); answers its exit code. */
  cdk: (args: string[]) => Promise<number>;
  log: (line: string) => void;
  /** Waits between polls (tests pass one that does not wait). */
  sleep: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface StagedDeployOptions {
  stackName: string;
  /** The synthesized cloud assembly the target comes from (`cdk publish-assets` and the final `cdk deploy` use it). */
  assemblyDir: string;
  /** Extra arguments for the final `cdk deploy` (e.g. `--require-approval never`). */
  cdkDeployArgs?: string[];
  pollMs?: number;
  /** Stop waiting (not the update) after this long on one step. */
  maxWaitMs?: number;
  /** The indexes the plan started from (`indexState` of the deployed template it was made with): checked before the first step. */
  plannedFrom?: IndexState;
}

/** A step that did not complete: which, and why (the first failed resource's reason). */
export class StagedDeployError extends Error {
  constructor(
    message: string,
    readonly step: number | null,
  ) {
    super(message);
  }
}

/** CloudFormation's limit for a template sent in the request body; larger ones go through S3. */
export const TEMPLATE_BODY_LIMIT = 51_200;
const CAPABILITIES = ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM', 'CAPABILITY_AUTO_EXPAND'];
const STABLE = new Set(['CREATE_COMPLETE', 'UPDATE_COMPLETE', 'UPDATE_ROLLBACK_COMPLETE', 'IMPORT_COMPLETE', 'IMPORT_ROLLBACK_COMPLETE']);
const ROLLED_BACK = new Set(['UPDATE_ROLLBACK_COMPLETE', 'UPDATE_ROLLBACK_FAILED', 'UPDATE_FAILED', 'ROLLBACK_COMPLETE', 'ROLLBACK_FAILED']);
const NO_CHANGES = /didn't contain changes|No updates are to be performed/i;

const time = (t: Timestamp | undefined): number => (t === undefined ? 0 : new Date(t).getTime());

export async function describeStack(cfn: CloudFormationApi, stackName: string): Promise<StackDescription> {
  const stack = (await cfn.describeStacks({ StackName: stackName })).Stacks?.[0];
  if (!stack) throw new StagedDeployError(`Stack ${stackName} not found.`, null);
  return stack;
}

/** The template the stack was last deployed with, as sent (JSON: CDK's templates are). */
export async function deployedTemplate(cfn: CloudFormationApi, stackName: string): Promise<CfnTemplate> {
  const body = (await cfn.getTemplate({ StackName: stackName, TemplateStage: 'Original' })).TemplateBody;
  if (typeof body === 'object' && body !== null) return body as CfnTemplate;
  try {
    return JSON.parse(body ?? '') as CfnTemplate;
  } catch {
    throw new StagedDeployError(`The deployed template of ${stackName} is not JSON (CDK deploys JSON): cannot plan over it.`, null);
  }
}

/**
 * An S3 template store in the CDK bootstrap bucket (where `cdk deploy` puts templates too), under
 * `deploy-staged/<sha256>.json`.
 */
export function s3TemplateStore(s3: S3Client, bucket: string, region: string, partition = 'aws'): TemplateStore {
  const suffix = partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com';
  return {
    async put(body) {
      const key = `deploy-staged/${createHash('sha256').update(body).digest('hex')}.json`;
      // Loaded here: the CLI quiets the SDK's Node-version notice before the SDK loads.
      const { PutObjectCommand } = await import('@aws-sdk/client-s3');
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }));
      return `https://${bucket}.s3.${region}.${suffix}/${key}`;
    },
  };
}

const label = (step: IndexStep, of: number) => `Step ${step.number} of ${of}`;

/** Deploys every step of `plan` in order; throws StagedDeployError at the first that fails. */
export async function runStagedDeploy(plan: IndexPlan, options: StagedDeployOptions, deps: StagedDeployDeps): Promise<void> {
  const { stackName } = options;
  const { cloudFormation: cfn, log } = deps;
  const now = deps.now ?? Date.now;
  const pollMs = options.pollMs ?? 15_000;
  let published = false;
  let expected: IndexState | null = options.plannedFrom ?? null;

  for (const step of plan.steps) {
    const name = label(step, plan.steps.length);
    const stack = await describeStack(cfn, stackName);
    if (!STABLE.has(stack.StackStatus ?? '')) {
      throw new StagedDeployError(`${name}: ${stackName} is ${stack.StackStatus}; wait until it is stable (or fix it) and run again.`, step.number);
    }
    // Someone else deployed since the plan (or the previous step): the remaining steps no longer fit.
    if (expected) {
      const drift = indexStateDifferences(expected, indexState(await deployedTemplate(cfn, stackName)));
      if (drift.length) {
        const what = step.number === 1 ? 'what the plan was made from' : `what step ${step.number - 1} left`;
        throw new StagedDeployError(`${name}: the stack's indexes are not ${what} (${drift.join('; ')}): someone deployed meanwhile? Run again to plan from what is deployed.`, step.number);
      }
    }
    log(`▶ ${name}: ${step.changes.map((c) => `${c.table} ${c.action === 'add' ? '+' : '−'}${c.index}`).join('; ') || (step.code === 'target' ? 'the new release' : 'no index change')}`);

    if (step.code === 'target' && !published) {
      // The new release's Lambda code and nested templates must be in the bootstrap bucket before a
      // step that refers to them (the final `cdk deploy` would publish them itself).
      if (step.via === 'change-set') {
        const code = await deps.cdk(['publish-assets', '--unstable=publish-assets', '--app', options.assemblyDir, stackName, '--exclusively']);
        if (code !== 0) throw new StagedDeployError(`${name}: \`cdk publish-assets\` failed (exit ${code}); nothing of this step was deployed.`, step.number);
      }
      published = true;
    }

    if (step.via === 'cdk-deploy') {
      const code = await deps.cdk(['deploy', '--app', options.assemblyDir, stackName, '--exclusively', ...(options.cdkDeployArgs ?? [])]);
      if (code !== 0) throw new StagedDeployError(`${name} (cdk deploy of the new release) failed (exit ${code}): see cdk's output above; run again once fixed.`, step.number);
      log(`✔ ${name} deployed.`);
      expected = step.indexes;
      continue;
    }

    await deployChangeSet(step, name, stack, options, deps, now, pollMs);
    expected = step.indexes;
  }
}

async function deployChangeSet(
  step: IndexStep,
  name: string,
  stack: StackDescription,
  options: StagedDeployOptions,
  deps: StagedDeployDeps,
  now: () => number,
  pollMs: number,
): Promise<void> {
  const { stackName } = options;
  const { cloudFormation: cfn, log } = deps;
  const body = JSON.stringify(step.template);
  const source = body.length <= TEMPLATE_BODY_LIMIT ? { TemplateBody: body } : { TemplateURL: await deps.templates.put(body) };
  const declared = new Set(Object.keys((step.template.Parameters as Record<string, unknown> | undefined) ?? {}));
  const changeSetName = `deploy-staged-${step.number}-${now()}`;
  const ids = { StackName: stackName, ChangeSetName: changeSetName };
  await cfn.createChangeSet({
    ...ids,
    ChangeSetType: 'UPDATE',
    ...source,
    // The stack's own parameter values (CDK's BootstrapVersion); its role, tags and notifications stay as they are.
    Parameters: (stack.Parameters ?? []).filter((p) => p.ParameterKey && declared.has(p.ParameterKey)).map((p) => ({ ParameterKey: p.ParameterKey!, UsePreviousValue: true })),
    Capabilities: CAPABILITIES,
    Description: `deploy:staged step ${step.number}: ${step.changes.map((c) => `${c.table} ${c.action} ${c.index}`).join(', ') || 'the new release'}`.slice(0, 1024),
  });

  // Wait for the change set, and read all of its changes.
  let described = await cfn.describeChangeSet(ids);
  while (described.Status === 'CREATE_PENDING' || described.Status === 'CREATE_IN_PROGRESS') {
    await deps.sleep(Math.min(pollMs, 5_000));
    described = await cfn.describeChangeSet(ids);
  }
  if (described.Status === 'FAILED') {
    await cfn.deleteChangeSet(ids);
    if (NO_CHANGES.test(described.StatusReason ?? '')) {
      log(`✔ ${name}: already deployed (no change).`);
      return;
    }
    throw new StagedDeployError(`${name}: CloudFormation refused the change set: ${described.StatusReason ?? 'no reason given'}. Nothing of this step was deployed.`, step.number);
  }
  const changes = (described.Changes ?? []).map((c) => c.ResourceChange ?? {});
  for (let token = described.NextToken; token; ) {
    const page = await cfn.describeChangeSet({ ...ids, NextToken: token });
    changes.push(...(page.Changes ?? []).map((c) => c.ResourceChange ?? {}));
    token = page.NextToken;
  }
  // Never replace a table (a new, empty one), and a step on the deployed code adds, removes and replaces nothing.
  const unsafe = changes.filter(
    (c) =>
      (c.ResourceType === 'AWS::DynamoDB::Table' && (c.Replacement === 'True' || c.Replacement === 'Conditional')) ||
      (step.code === 'deployed' && (c.Action === 'Add' || c.Action === 'Remove' || c.Replacement === 'True')),
  );
  if (unsafe.length) {
    await cfn.deleteChangeSet(ids);
    throw new StagedDeployError(
      `${name}: the change set would ${unsafe.map((c) => `${c.Action === 'Modify' ? 'replace' : c.Action?.toLowerCase()} ${c.LogicalResourceId} (${c.ResourceType})`).join(', ')}; not executed (deleted).`,
      step.number,
    );
  }

  const before = time(stack.LastUpdatedTime ?? stack.CreationTime);
  const marker = (await cfn.describeStackEvents({ StackName: stackName })).StackEvents?.[0]?.EventId;
  const started = now();
  await cfn.executeChangeSet(ids);
  const events: StackEvent[] = [];
  let lastNote = started;
  for (;;) {
    await deps.sleep(pollMs);
    const current = await describeStack(cfn, stackName);
    const fresh = await eventsAfter(cfn, stackName, marker, events);
    for (const e of fresh) log(`   ${e.LogicalResourceId} ${e.ResourceStatus}${e.ResourceStatusReason ? `: ${e.ResourceStatusReason}` : ''}`);
    events.push(...fresh);
    const status = current.StackStatus ?? '';
    const updated = time(current.LastUpdatedTime) > before;
    if (updated && status === 'UPDATE_COMPLETE') {
      log(`✔ ${name} deployed in ${Math.round((now() - started) / 60_000)} min.`);
      return;
    }
    if (updated && ROLLED_BACK.has(status)) {
      const failed = events.find((e) => e.ResourceStatus?.endsWith('_FAILED') && e.ResourceStatusReason);
      const why = failed ? `${failed.LogicalResourceId} ${failed.ResourceStatus}: ${failed.ResourceStatusReason}` : (current.StackStatusReason ?? 'no reason given');
      throw new StagedDeployError(
        `${name} failed (${why}). The stack is ${status}${status === 'UPDATE_ROLLBACK_COMPLETE' ? ': back where this step started' : ''}; fix the cause and run again (it plans from what is deployed).`,
        step.number,
      );
    }
    if (options.maxWaitMs !== undefined && now() - started > options.maxWaitMs) {
      throw new StagedDeployError(
        `${name}: still ${status} after ${Math.round((now() - started) / 60_000)} min; the update goes on in CloudFormation. Run again once the stack is stable.`,
        step.number,
      );
    }
    if (now() - lastNote >= 10 * 60_000) {
      lastNote = now();
      log(`   … ${status} for ${Math.round((now() - started) / 60_000)} min (a new index is backfilled before the update completes)`);
    }
  }
}

/**
 * The stack's events newer than the event `marker` (the newest before the step) and not in `known`,
 * oldest first. Compared by id, not by time: this machine's clock is not CloudFormation's.
 */
async function eventsAfter(cfn: CloudFormationApi, stackName: string, marker: string | undefined, known: StackEvent[]): Promise<StackEvent[]> {
  const seen = new Set(known.map((e) => e.EventId));
  const fresh: StackEvent[] = [];
  let token: string | undefined;
  do {
    const answer = await cfn.describeStackEvents({ StackName: stackName, ...(token ? { NextToken: token } : {}) });
    for (const e of answer.StackEvents ?? []) {
      // Newest first: the marker or an event already reported means the rest was seen before.
      if (e.EventId === marker || seen.has(e.EventId)) return fresh.reverse();
      fresh.push(e);
    }
    token = answer.NextToken;
  } while (token);
  return fresh.reverse();
}
