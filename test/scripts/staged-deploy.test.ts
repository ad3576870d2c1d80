import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { AwsCliError, awsCliCloudFormation, runProcess, type ProcessRunner } from '../../scripts/ops/aws-cli-cloudformation';
import { indexState, planIndexSteps, type CfnResource, type CfnTemplate } from '../../scripts/ops/index-steps';
import {
  runStagedDeploy,
  s3TemplateStore,
  StagedDeployError,
  type CloudFormationApi,
  type CreateChangeSetInput,
  type ResourceChange,
  type StackEvent,
  type StagedDeployDeps,
} from '../../scripts/ops/staged-deploy';

// The deploy loop of deploy:staged against a fake CloudFormation stack: updates take a few polls,
// steps can fail and roll back. There is no @aws-sdk/client-cloudformation in the project, so the fake
// implements the loop's CloudFormationApi; S3 (templates over the body limit) is mocked with aws-sdk-client-mock.

const table = (indexes: string[]): CfnResource => ({
  Type: 'AWS::DynamoDB::Table',
  Properties: {
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, ...indexes.map((i) => ({ AttributeName: `${i}Key`, AttributeType: 'S' }))],
    ...(indexes.length
      ? { GlobalSecondaryIndexes: indexes.map((i) => ({ IndexName: i, KeySchema: [{ AttributeName: `${i}Key`, KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } })) }
      : {}),
  },
});
const template = (indexes: string[], code: string, metadata = ''): CfnTemplate => ({
  Parameters: { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/hnb659fds/version' } },
  Resources: {
    Ledger: table(indexes),
    Fn: { Type: 'AWS::Lambda::Function', Properties: { Code: { S3Key: `${code}.zip` } }, Metadata: { padding: metadata } },
  },
});
// The previous release reads `gone`; the new one adds `a2` and `a3` and no longer reads `gone`.
const previous = template(['a1', 'gone'], 'v1');
const target = template(['a1', 'a2', 'a3'], 'v2');

class FakeCloudFormation implements CloudFormationApi {
  template: CfnTemplate;
  status = 'UPDATE_COMPLETE';
  private updated = 1_000;
  private events: StackEvent[] = [{ EventId: 'e0', LogicalResourceId: 'S', ResourceStatus: 'UPDATE_COMPLETE' }];
  private changeSets = new Map<string, { template: CfnTemplate; polls: number }>();
  private update: { template: CfnTemplate; polls: number; fail: boolean; before: { status: string; updated: number } } | null = null;
  /** What happened, in order: the test reads the sequence. */
  readonly calls: string[] = [];
  failStep: number | null = null;
  replaceTables = false;

  constructor(
    deployed: CfnTemplate,
    private readonly objects: Map<string, string> = new Map(),
  ) {
    this.template = structuredClone(deployed);
  }

  private event(logicalId: string, status: string, reason?: string) {
    this.events.unshift({ EventId: `e${this.events.length}`, LogicalResourceId: logicalId, ResourceStatus: status, ...(reason ? { ResourceStatusReason: reason } : {}) });
  }
  private step = (name: string) => Number(name.split('-')[2]);

  /** Another deploy (cdk deploy of the target, or someone else's). */
  deployed(t: CfnTemplate) {
    this.template = structuredClone(t);
    this.updated += 1;
    this.event('S', 'UPDATE_COMPLETE');
  }

  getTemplate = async () => ({ TemplateBody: JSON.stringify(this.template) });

  describeStacks = async () => {
    // Just after ExecuteChangeSet, CloudFormation may still describe the stack as it was.
    if (this.update && this.update.polls-- === 3) {
      this.calls.push(`status ${this.update.before.status} (not yet updating)`);
      return this.answer(this.update.before.status, this.update.before.updated);
    }
    if (this.update && this.update.polls === 0) {
      if (this.update.fail) {
        this.event('Ledger', 'UPDATE_FAILED', 'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table');
        this.event('S', 'UPDATE_ROLLBACK_COMPLETE');
        this.status = 'UPDATE_ROLLBACK_COMPLETE';
      } else {
        this.template = this.update.template;
        this.event('Ledger', 'UPDATE_COMPLETE');
        this.event('S', 'UPDATE_COMPLETE');
        this.status = 'UPDATE_COMPLETE';
      }
      this.update = null;
    }
    this.calls.push(`status ${this.status}`);
    return this.answer(this.status, this.updated);
  };

  private answer(status: string, updated: number) {
    return {
      Stacks: [
        {
          StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/S/abc',
          StackStatus: status,
          LastUpdatedTime: new Date(updated).toISOString(),
          Parameters: [{ ParameterKey: 'BootstrapVersion', ParameterValue: '/cdk-bootstrap/hnb659fds/version' }],
        },
      ],
    };
  }

  readonly created: CreateChangeSetInput[] = [];
  createChangeSet = async (input: CreateChangeSetInput) => {
    this.created.push(input);
    this.calls.push(`create ${this.step(input.ChangeSetName)}`);
    const body = input.TemplateBody ?? this.objects.get(new URL(input.TemplateURL!).pathname.slice(1));
    this.changeSets.set(input.ChangeSetName, { template: JSON.parse(body!) as CfnTemplate, polls: 1 });
    return { Id: input.ChangeSetName };
  };

  describeChangeSet = async (input: { ChangeSetName: string }) => {
    const set = this.changeSets.get(input.ChangeSetName)!;
    if (set.polls-- > 0) return { Status: 'CREATE_IN_PROGRESS' };
    if (JSON.stringify(set.template) === JSON.stringify(this.template)) return { Status: 'FAILED', StatusReason: "The submitted information didn't contain changes." };
    const changes: ResourceChange[] = Object.keys(set.template.Resources)
      .filter((id) => JSON.stringify(set.template.Resources[id]) !== JSON.stringify(this.template.Resources[id]))
      .map((id) => ({ Action: 'Modify', LogicalResourceId: id, ResourceType: set.template.Resources[id]!.Type, Replacement: this.replaceTables ? 'True' : 'False' }));
    return { Status: 'CREATE_COMPLETE', Changes: changes.map((ResourceChange) => ({ ResourceChange })) };
  };

  executeChangeSet = async (input: { ChangeSetName: string }) => {
    this.calls.push(`execute ${this.step(input.ChangeSetName)}`);
    const before = { status: this.status, updated: this.updated };
    this.status = 'UPDATE_IN_PROGRESS';
    this.updated += 1;
    this.event('Ledger', 'UPDATE_IN_PROGRESS');
    // Three polls until it completes (an index build takes its time): the first still sees the stack as before.
    this.update = { template: this.changeSets.get(input.ChangeSetName)!.template, polls: 3, fail: this.failStep === this.step(input.ChangeSetName), before };
    this.changeSets.clear();
    return {};
  };

  deleteChangeSet = async (input: { ChangeSetName: string }) => {
    this.calls.push(`delete ${this.step(input.ChangeSetName)}`);
    this.changeSets.delete(input.ChangeSetName);
    return {};
  };

  describeStackEvents = async () => ({ StackEvents: [...this.events] });
}

const s3 = mockClient(S3Client);
const objects = new Map<string, string>();
let fake: FakeCloudFormation;
let log: string[];
let cdkCalls: string[][];
let cdkExit: number;

const deps = (): StagedDeployDeps => {
  let clock = 0;
  return {
    cloudFormation: fake,
    templates: s3TemplateStore(new S3Client({ region: 'eu-west-1' }), 'cdk-hnb659fds-assets-123456789012-eu-west-1', 'eu-west-1'),
    cdk: async (args) => {
      cdkCalls.push(args);
      fake.calls.push(`cdk ${args[0]}`);
      if (args[0] === 'deploy' && cdkExit === 0) fake.deployed(target);
      return cdkExit;
    },
    log: (line) => log.push(line),
    sleep: async () => {},
    now: () => (clock += 1_000),
  };
};
const options = { stackName: 'S', assemblyDir: '/tmp/cdk.out', cdkDeployArgs: ['--require-approval', 'never'] };

beforeEach(() => {
  s3.reset();
  objects.clear();
  s3.on(PutObjectCommand).callsFake((input: { Key: string; Body: string }) => {
    objects.set(input.Key, input.Body);
    return {};
  });
  fake = new FakeCloudFormation(previous, objects);
  log = [];
  cdkCalls = [];
  cdkExit = 0;
});

describe('runStagedDeploy', () => {
  it('deploys the steps in order, each only after the previous completed, publishes the new code before its step, and ends with cdk deploy', async () => {
    const plan = planIndexSteps(previous, target);
    expect(plan.steps.map((s) => `${s.code} ${s.via}`)).toEqual(['deployed change-set', 'deployed change-set', 'target change-set', 'target cdk-deploy']);
    await runStagedDeploy(plan, { ...options, plannedFrom: indexState(previous) }, deps());
    const waitForStep = (n: number) => [`create ${n}`, `execute ${n}`, 'status UPDATE_COMPLETE (not yet updating)', 'status UPDATE_IN_PROGRESS', 'status UPDATE_COMPLETE'];
    expect(fake.calls).toEqual([
      'status UPDATE_COMPLETE',
      ...waitForStep(1),
      'status UPDATE_COMPLETE',
      ...waitForStep(2),
      'status UPDATE_COMPLETE',
      'cdk publish-assets',
      ...waitForStep(3),
      'status UPDATE_COMPLETE',
      'cdk deploy',
    ]);
    expect(fake.template).toEqual(target);
    expect(cdkCalls).toEqual([
      ['publish-assets', '--unstable=publish-assets', '--app', '/tmp/cdk.out', 'S', '--exclusively'],
      ['deploy', '--app', '/tmp/cdk.out', 'S', '--exclusively', '--require-approval', 'never'],
    ]);
    // Each change set is the step's template, with the stack's own parameter values.
    expect(fake.created.map((c) => JSON.parse(c.TemplateBody!))).toEqual(plan.steps.slice(0, 3).map((s) => s.template));
    expect(fake.created[0]).toMatchObject({
      ChangeSetType: 'UPDATE',
      Parameters: [{ ParameterKey: 'BootstrapVersion', UsePreviousValue: true }],
      Capabilities: ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM', 'CAPABILITY_AUTO_EXPAND'],
    });
    expect(log).toContain('   Ledger UPDATE_COMPLETE');
    expect(log.filter((l) => l.startsWith('✔'))).toHaveLength(4);
  });

  it('a failed step stops the run and says which step and why; nothing after it runs', async () => {
    fake.failStep = 2;
    const plan = planIndexSteps(previous, target);
    const err = await runStagedDeploy(plan, options, deps()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StagedDeployError);
    expect((err as StagedDeployError).step).toBe(2);
    expect((err as Error).message).toMatch(
      /^Step 2 of 4 failed \(Ledger UPDATE_FAILED: Subscriber limit exceeded: Only 1 online index .*\)\. The stack is UPDATE_ROLLBACK_COMPLETE: back where this step started; fix the cause and run again/,
    );
    expect(fake.calls.filter((c) => c.startsWith('create') || c.startsWith('cdk'))).toEqual(['create 1', 'create 2']);
    expect(fake.template).toEqual(plan.steps[0]!.template);
  });

  it('a run again after the failure plans from what is deployed and carries on', async () => {
    fake.failStep = 2;
    await runStagedDeploy(planIndexSteps(previous, target), options, deps()).catch(() => {});
    fake.failStep = null;
    fake.status = 'UPDATE_ROLLBACK_COMPLETE';
    const deployed = JSON.parse((await fake.getTemplate()).TemplateBody) as CfnTemplate;
    const plan = planIndexSteps(deployed, target);
    expect(plan.steps.map((s) => s.changes.map((c) => `${c.action} ${c.index}`))).toEqual([['add a3'], [], ['remove gone']]);
    await runStagedDeploy(plan, { ...options, plannedFrom: indexState(deployed) }, deps());
    expect(fake.template).toEqual(target);
  });

  it('stops when the stack is not what the previous step left (someone deployed meanwhile)', async () => {
    const plan = planIndexSteps(previous, target);
    const d = deps();
    const publish = d.cdk;
    let stepsSeen = 0;
    d.log = (line) => {
      log.push(line);
      // After step 1 completed, someone deploys the previous release again.
      if (line.startsWith('✔') && ++stepsSeen === 1) fake.deployed(previous);
    };
    d.cdk = publish;
    const err = await runStagedDeploy(plan, options, d).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^Step 2 of 4: the stack's indexes are not what step 1 left \(Ledger a2: absent, expected present\): someone deployed meanwhile\?/);
    expect(fake.calls.filter((c) => c.startsWith('create'))).toEqual(['create 1']);
  });

  it('checks the first step against the template the plan was made from', async () => {
    const plan = planIndexSteps(previous, target);
    fake.deployed(template(['a1'], 'v1'));
    const err = await runStagedDeploy(plan, { ...options, plannedFrom: indexState(previous) }, deps()).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^Step 1 of 4: the stack's indexes are not what the plan was made from \(Ledger gone: absent, expected present\)/);
    expect(fake.calls.filter((c) => c.startsWith('create'))).toEqual([]);
  });

  it('deletes, and does not execute, a change set that would replace a table', async () => {
    fake.replaceTables = true;
    const err = await runStagedDeploy(planIndexSteps(previous, target), options, deps()).catch((e: unknown) => e);
    expect((err as Error).message).toBe('Step 1 of 4: the change set would replace Ledger (AWS::DynamoDB::Table); not executed (deleted).');
    expect(fake.calls.filter((c) => !c.startsWith('status'))).toEqual(['create 1', 'delete 1']);
  });

  it('skips a step already deployed (an empty change set)', async () => {
    const plan = planIndexSteps(previous, target);
    fake.deployed(plan.steps[0]!.template);
    await runStagedDeploy(plan, options, deps());
    expect(fake.calls.filter((c) => !c.startsWith('status'))).toEqual(['create 1', 'delete 1', 'create 2', 'execute 2', 'cdk publish-assets', 'create 3', 'execute 3', 'cdk deploy']);
    expect(log).toContain('✔ Step 1 of 4: already deployed (no change).');
  });

  it('does not touch a stack that is not stable', async () => {
    fake.status = 'UPDATE_IN_PROGRESS';
    const err = await runStagedDeploy(planIndexSteps(previous, target), options, deps()).catch((e: unknown) => e);
    expect((err as Error).message).toBe('Step 1 of 4: S is UPDATE_IN_PROGRESS; wait until it is stable (or fix it) and run again.');
    expect(fake.calls).toEqual(['status UPDATE_IN_PROGRESS']);
  });

  it('a failed final cdk deploy is reported as the last step', async () => {
    cdkExit = 3;
    const plan = planIndexSteps(template(['a1'], 'v1'), template(['a1', 'a2'], 'v2'));
    expect(plan.staged).toBe(false);
    const err = await runStagedDeploy(plan, options, deps()).catch((e: unknown) => e);
    expect((err as StagedDeployError).step).toBe(1);
    expect((err as Error).message).toMatch(/^Step 1 of 1 \(cdk deploy of the new release\) failed \(exit 3\)/);
  });

  it('sends templates over 51,200 bytes through the bootstrap bucket', async () => {
    const big = 'x'.repeat(60_000);
    const [from, to] = [template(['a1'], 'v1', big), template(['a2', 'a3'], 'v2', big)];
    fake = new FakeCloudFormation(from, objects);
    const plan = planIndexSteps(from, to);
    await runStagedDeploy(plan, options, deps());
    const puts = s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input);
    expect(puts.length).toBe(fake.created.length);
    for (const [i, created] of fake.created.entries()) {
      expect(created.TemplateBody).toBeUndefined();
      expect(created.TemplateURL).toBe(`https://cdk-hnb659fds-assets-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com/${puts[i]!.Key}`);
      expect(puts[i]).toMatchObject({ Bucket: 'cdk-hnb659fds-assets-123456789012-eu-west-1', Key: expect.stringMatching(/^deploy-staged\/[0-9a-f]{64}\.json$/) });
      expect(JSON.parse(puts[i]!.Body as string)).toEqual(plan.steps[i]!.template);
    }
  });
});

describe('awsCliCloudFormation', () => {
  it('calls `aws cloudformation <op> --cli-input-json` and reads its JSON (a template body printed as an object)', async () => {
    const calls: string[][] = [];
    const run: ProcessRunner = async (command, args) => {
      calls.push([command, ...args]);
      return { code: 0, stdout: JSON.stringify({ TemplateBody: { Resources: {} } }), stderr: '' };
    };
    const cfn = awsCliCloudFormation(run);
    expect(await cfn.getTemplate({ StackName: 'S', TemplateStage: 'Original' })).toEqual({ TemplateBody: { Resources: {} } });
    expect(calls).toEqual([['aws', 'cloudformation', 'get-template', '--cli-input-json', '{"StackName":"S","TemplateStage":"Original"}', '--output', 'json', '--no-paginate']]);
  });

  it('answers {} for a call that prints nothing, and the CLI message for one that fails', async () => {
    const ok = awsCliCloudFormation(async () => ({ code: 0, stdout: '', stderr: '' }));
    expect(await ok.executeChangeSet({ StackName: 'S', ChangeSetName: 'c' })).toEqual({});
    const failing = awsCliCloudFormation(async () => ({
      code: 254,
      stdout: '',
      stderr: '\nAn error occurred (ValidationError) when calling the DescribeStacks operation: Stack with id S does not exist\n',
    }));
    await expect(failing.describeStacks({ StackName: 'S' })).rejects.toThrow(
      new AwsCliError('An error occurred (ValidationError) when calling the DescribeStacks operation: Stack with id S does not exist'),
    );
  });

  it('says how to get the AWS CLI when it is missing', async () => {
    const cfn = awsCliCloudFormation(runProcess, 'aws-cli-that-is-not-installed');
    await expect(cfn.describeStacks({ StackName: 'S' })).rejects.toThrow(/`aws-cli-that-is-not-installed` is not installed: deploy:staged calls CloudFormation through the AWS CLI/);
  });
});
