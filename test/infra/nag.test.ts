import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { policyValidationPlugins } from '../../lib/app';
import { GUARD } from '../../lib/guard';
import { synth, type Synthesized } from './support';

let s: Synthesized;
beforeAll(() => {
  // The one synth with CDK's built-in CloudFormation validation on, and the policy plugins, as `cdk synth` runs them.
  s = synth({ cloudFormationValidation: true, policyValidation: true });
});
afterAll(() => s.cleanup());

function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id, reason }))),
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing unacknowledged in the stack, errors or warnings', () => {
    const report = new AwsSolutionsChecks().validateScope(s.app);
    expect(report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });

  it('the synth reported no finding at all (cdk-nag, CloudFormation Guard, CloudFormation validation, annotations)', () => {
    const report = JSON.parse(readFileSync(join(s.outdir, 'validation-report.json'), 'utf8')) as { pluginReports: { violations: unknown[] }[] };
    expect(report.pluginReports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('every acknowledgement gives a specific reason', () => {
    const acks = acknowledgements(s.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(40);
    }
  });

  it('fails the synth on an unacknowledged finding', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'seller-portal-nag-'));
    try {
      const app = new App({ outdir, builtinCloudFormationValidation: false });
      new Bucket(new Stack(app, 'Careless'), 'PlainBucket');
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});

/** Resources a resource needs first: Ref, Fn::GetAtt (also inside Fn::Sub strings) and DependsOn. */
function dependencies(resource: Record<string, unknown>, ids: Set<string>): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value === 'string') {
      for (const m of value.matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z.]+)?\}/g)) if (ids.has(m[1]!)) found.add(m[1]!);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (typeof o.Ref === 'string' && ids.has(o.Ref)) found.add(o.Ref);
    const getAtt = o['Fn::GetAtt'];
    if (Array.isArray(getAtt) && ids.has(String(getAtt[0]))) found.add(String(getAtt[0]));
    Object.values(o).forEach(visit);
  };
  visit(resource.Properties);
  for (const dep of [resource.DependsOn ?? []].flat() as string[]) found.add(dep);
  return found;
}

describe('CloudFormation Guard (AWS Control Tower proactive controls)', () => {
  it('runs on every synth beside cdk-nag, and fails it on an unacknowledged finding', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'seller-portal-guard-'));
    try {
      const app = new App({ outdir, builtinCloudFormationValidation: false });
      // A queue without a dead-letter queue: CT.SQS.PR.1 (cdk-nag's SQS3 acknowledged, so only Guard speaks).
      const queue = new Queue(new Stack(app, 'Careless'), 'PlainQueue', { enforceSSL: true });
      Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This test checks that Guard alone fails the synth on its own finding.' });
      Validations.of(app).addPlugins(...policyValidationPlugins(app));
      expect(() => app.synth()).toThrow(/CT\.SQS\.PR\.1.*dead-letter queue/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('acknowledges only rules listed in lib/guard.ts (and docs/infra.md), in both stacks', () => {
    const guardAcks = [s.stack, s.edge].flatMap((stack) => acknowledgements(stack)).filter((a) => a.id.startsWith('cdk-validator-cfnguard::'));
    expect(guardAcks.length).toBeGreaterThan(0);
    for (const ack of guardAcks) expect(Object.values(GUARD), `${ack.path} ${ack.id}`).toContain(ack.id);
    expect(new Set(guardAcks.map((a) => a.id))).toEqual(new Set(Object.values(GUARD)));
    // The edge stack acknowledges its log group's controls itself.
    expect(acknowledgements(s.edge).map((a) => a.id)).toEqual(expect.arrayContaining([GUARD.logRetentionYear, GUARD.logGroupKms]));
  });
});

describe('the template', () => {
  it('has no dependency cycle (CloudFormation would only say so at deploy time)', () => {
    const resources = s.json.Resources as unknown as Record<string, Record<string, unknown>>;
    const ids = new Set(Object.keys(resources));
    const graph = new Map([...ids].map((id) => [id, dependencies(resources[id]!, ids)]));
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const walk = (id: string, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(id)), id].join(' -> '));
        return;
      }
      state.set(id, 'visiting');
      for (const dep of graph.get(id) ?? []) walk(dep, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of ids) walk(id, []);
    expect(cycles).toEqual([]);
  });
});
