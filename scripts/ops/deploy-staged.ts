/**
 * `npm run deploy:staged`: deploys a release whose DynamoDB index changes CloudFormation cannot make
 * in one update, in safe steps, without editing code between them (issue 23; docs/operations.md
 * "Upgrading a stage"; the plan: scripts/ops/index-steps.ts; the deploy: scripts/ops/staged-deploy.ts).
 *
 *   npm run deploy:staged -- -c stage=prod -c alarmEmail=… [-c …] [--app cdk.out] [--plan] [--yes]
 *                            [--allow-rebuild] [--write-templates <dir>] [-- <more cdk deploy args>]
 *       (or --stage prod) synthesizes SellerPortal-<stage> with the -c values (or reads the cloud
 *       assembly `--app`), reads the deployed root template, prints the steps and (without --plan)
 *       deploys them; the last step is `cdk deploy`.
 *   npm run deploy:staged -- --from deployed.json --to new.json [--write-templates <dir>]
 *       the plan between two template files, offline (always a dry run).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { projectRoot } from '../../lib/paths';
import { AwsCliError, awsCliCloudFormation } from './aws-cli-cloudformation';
import { describePlan, indexState, IndexPlanError, planIndexSteps, TABLE_TYPE, type CfnTemplate, type IndexPlan } from './index-steps';
import { deployedTemplate, describeStack, runStagedDeploy, s3TemplateStore, StagedDeployError } from './staged-deploy';

const usage = `Usage: npm run deploy:staged -- -c stage=<stage> -c key=value … [--app <cloud assembly>] [--plan] [--yes] [--allow-rebuild] [--write-templates <dir>] [-- <cdk deploy args>]
       npm run deploy:staged -- --from <deployed template.json> --to <new template.json> [--write-templates <dir>]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stage: { type: 'string' },
    context: { type: 'string', short: 'c', multiple: true, default: [] },
    app: { type: 'string' },
    plan: { type: 'boolean', default: false },
    from: { type: 'string' },
    to: { type: 'string' },
    yes: { type: 'boolean', short: 'y', default: false },
    'allow-rebuild': { type: 'boolean', default: false },
    'write-templates': { type: 'string' },
    'poll-seconds': { type: 'string', default: '15' },
    'max-wait-hours': { type: 'string', default: '24' },
  },
});

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** `cdk …` from the project (its own aws-cdk), on this terminal. */
const cdk = (args: string[]): Promise<number> =>
  new Promise((done, fail) => {
    const child = spawn('npx', ['cdk', ...args], { cwd: projectRoot, stdio: 'inherit' });
    child.once('error', fail);
    child.once('close', (code) => done(code ?? 1));
  });

interface StackArtifact {
  type: string;
  displayName?: string;
  properties?: { templateFile?: string; stackTemplateAssetObjectUrl?: string };
}

/** The root stack's template in a cloud assembly, and where `cdk deploy` would upload it. */
function readAssembly(dir: string, stackName: string): { template: CfnTemplate; templateUrl: string | undefined; warnings: string[] } {
  const manifest = readJson<{ artifacts?: Record<string, StackArtifact> }>(join(dir, 'manifest.json'));
  const artifact = manifest.artifacts?.[stackName];
  if (artifact?.type !== 'aws:cloudformation:stack' || !artifact.properties?.templateFile) {
    throw new IndexPlanError(`${dir} has no stack ${stackName}: synthesize it with the same -c stage=… (or drop --app).`);
  }
  // Tables are planned in the root stack only (lib/data.ts puts them there); say so if one moved.
  const warnings = readdirSync(dir)
    .filter((f) => f.endsWith('.nested.template.json'))
    .filter((f) => Object.values(readJson<CfnTemplate>(join(dir, f)).Resources ?? {}).some((r) => r.Type === TABLE_TYPE))
    .map((f) => `⚠ ${f} (a nested stack) defines DynamoDB tables: their index changes are not staged, only the root stack's.`);
  return { template: readJson<CfnTemplate>(join(dir, artifact.properties.templateFile)), templateUrl: artifact.properties.stackTemplateAssetObjectUrl, warnings };
}

function writeTemplates(dir: string, plan: IndexPlan): void {
  mkdirSync(dir, { recursive: true });
  for (const step of plan.steps) writeFileSync(join(dir, `step-${step.number}.template.json`), `${JSON.stringify(step.template, null, 1)}\n`);
  console.log(`• The step templates are in ${dir} (the last is the new release itself).`);
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new StagedDeployError('Not a terminal: pass --yes to deploy without the question (after a --plan).', null);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(question);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const writeDir = values['write-templates'] ? resolve(values['write-templates']) : undefined;
  if (values.from || values.to) {
    if (!values.from || !values.to) throw new IndexPlanError(`--from and --to go together.\n${usage}`);
    const plan = planIndexSteps(readJson<CfnTemplate>(values.from), readJson<CfnTemplate>(values.to));
    for (const line of describePlan(plan, `${values.from} → ${values.to}`)) console.log(line);
    if (writeDir) writeTemplates(writeDir, plan);
    return 0;
  }
  // The stage as --stage or as cdk's own -c stage=… (so the deploy's usual -c list works as is).
  const context = values.context ?? [];
  const contextStage = context.find((c) => c.startsWith('stage='))?.slice('stage='.length);
  if (values.stage && contextStage && values.stage !== contextStage) throw new IndexPlanError(`--stage ${values.stage} and -c stage=${contextStage} disagree.`);
  const stage = values.stage ?? contextStage;
  if (!stage) throw new IndexPlanError(usage);
  if (!contextStage) context.unshift(`stage=${stage}`);
  // Loaded here, after the SDK notice is quieted: the CDK app's modules create SDK clients.
  const stackName = (await import('../../lib/app')).stackName(stage);

  const assemblyDir = values.app ? resolve(values.app) : join(projectRoot, 'cdk.out');
  if (values.app) {
    if (context.length > 1) console.log(`• -c values other than the stage are not used with --app: ${assemblyDir} is synthesized already.`);
  } else {
    console.log(`• Synthesizing ${stackName} (cdk synth)…`);
    const code = await cdk(['synth', stackName, '--quiet', ...context.flatMap((c) => ['-c', c])]);
    if (code !== 0) throw new StagedDeployError(`cdk synth failed (exit ${code}): see its output above.`, null);
  }
  const target = readAssembly(assemblyDir, stackName);
  for (const warning of target.warnings) console.log(warning);

  const cloudFormation = awsCliCloudFormation();
  let stack;
  try {
    stack = await describeStack(cloudFormation, stackName);
  } catch (err) {
    if (!(err instanceof AwsCliError && /does not exist/.test(err.message))) throw err;
    console.log(`• ${stackName} is not deployed yet: one \`cdk deploy\` creates it with every index.`);
    if (values.plan) return 0;
    return cdk(['deploy', '--app', assemblyDir, stackName, '--exclusively', ...positionals]);
  }
  const deployed = await deployedTemplate(cloudFormation, stackName);
  const plan = planIndexSteps(deployed, target.template);
  for (const line of describePlan(plan, stackName)) console.log(line);
  if (writeDir) writeTemplates(writeDir, plan);
  if (values.plan) return 0;

  if (plan.replaced.length) {
    throw new StagedDeployError(`The new release replaces ${plan.replaced.join(', ')} (new, empty tables; see ⚠ above): not deploying. Keep the table's keys and name.`, null);
  }
  const rebuilds = plan.tables.flatMap((t) => t.rebuild);
  if (rebuilds.length && !values['allow-rebuild']) {
    throw new StagedDeployError(`The plan deletes and re-creates ${rebuilds.join(', ')} (see ⚠ above): give the changed index a new name, or pass --allow-rebuild.`, null);
  }
  if (!values.yes && !(await confirm(`Deploy ${plan.steps.length} step(s) to ${stackName}? [y/N] `))) return 1;

  // Templates above CloudFormation's request limit go where `cdk deploy` puts them: the bootstrap bucket.
  const [, partition = 'aws', , region = '', account = ''] = (stack.StackId ?? '').split(':');
  const bucket = target.templateUrl?.match(/^s3:\/\/([^/]+)\//)?.[1]?.replace('${AWS::AccountId}', account).replace('${AWS::Region}', region);
  const templates = {
    put: async (body: string) => {
      if (!bucket) throw new StagedDeployError(`A step template is over CloudFormation's 51,200-byte body limit and the assembly names no bootstrap bucket to upload it to.`, null);
      const { S3Client } = await import('@aws-sdk/client-s3');
      return s3TemplateStore(new S3Client({ region }), bucket, region, partition).put(body);
    },
  };
  await runStagedDeploy(
    plan,
    {
      stackName,
      assemblyDir,
      cdkDeployArgs: positionals,
      pollMs: Number(values['poll-seconds']) * 1_000,
      maxWaitMs: Number(values['max-wait-hours']) * 3_600_000,
      plannedFrom: indexState(deployed),
    },
    { cloudFormation, templates, cdk, log: (line) => console.log(line), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  );
  console.log(`✔ ${stackName} is on the new release.`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof IndexPlanError || err instanceof StagedDeployError || err instanceof AwsCliError) {
    console.error(`✖ ${err.message}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
