import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/paths';
import { describePlan, planIndexSteps, type CfnTemplate, type IndexPlan } from '../../scripts/ops/index-steps';
import { tableLogicalId, synthesizedTemplates, type SynthesizedTemplates } from './support';

/**
 * deploy:staged's plan over the synthesized app (scripts/ops/index-steps.ts): the current app is the
 * target, and "the previous release" is derived from it by taking indexes away or adding old ones.
 * The checks below do their own index bookkeeping, independent of the planner's.
 */
let s: SynthesizedTemplates;
let target: CfnTemplate;
beforeAll(() => {
  s = synthesizedTemplates();
  target = s.json as unknown as CfnTemplate;
});

interface Gsi {
  IndexName: string;
  KeySchema: { AttributeName: string; KeyType: string }[];
  Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
}
type Props = { KeySchema: { AttributeName: string }[]; AttributeDefinitions: { AttributeName: string; AttributeType: string }[]; GlobalSecondaryIndexes?: Gsi[] };

const clone = (t: CfnTemplate): CfnTemplate => structuredClone(t);
const propsOf = (t: CfnTemplate, id: string) => t.Resources[id]!.Properties as unknown as Props;
const tableIds = (t: CfnTemplate) => Object.keys(t.Resources).filter((id) => t.Resources[id]!.Type === 'AWS::DynamoDB::Table');
const id = (key: string) => tableLogicalId(s.json, key);

/** Takes `names` off the table, with the attribute definitions nothing else uses then. */
function without(t: CfnTemplate, key: string, names: string[]): CfnTemplate {
  const p = propsOf(t, id(key));
  p.GlobalSecondaryIndexes = p.GlobalSecondaryIndexes!.filter((g) => !names.includes(g.IndexName));
  const used = new Set([...p.KeySchema, ...p.GlobalSecondaryIndexes.flatMap((g) => g.KeySchema)].map((k) => k.AttributeName));
  p.AttributeDefinitions = p.AttributeDefinitions.filter((a) => used.has(a.AttributeName));
  return t;
}
/** Gives the table an index of the previous release (hash key `attribute`, a string). */
function withOld(t: CfnTemplate, key: string, name: string, attribute: string): CfnTemplate {
  const p = propsOf(t, id(key));
  p.GlobalSecondaryIndexes!.push({ IndexName: name, KeySchema: [{ AttributeName: attribute, KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } });
  if (!p.AttributeDefinitions.some((a) => a.AttributeName === attribute)) p.AttributeDefinitions.push({ AttributeName: attribute, AttributeType: 'S' });
  return t;
}
/** Something else that differs between the releases: the previous release's Lambdas had less memory. */
function olderCode(t: CfnTemplate): CfnTemplate {
  for (const r of Object.values(t.Resources)) if (r.Type === 'AWS::Lambda::Function') r.Properties!.MemorySize = 128;
  return t;
}

/** Per table, per index: what CloudFormation compares (keys, projection with its attributes as a set). */
const indexesOf = (t: CfnTemplate): Map<string, Map<string, string>> =>
  new Map(
    tableIds(t).map((table) => [
      table,
      new Map(
        (propsOf(t, table).GlobalSecondaryIndexes ?? []).map((g) => [
          g.IndexName,
          JSON.stringify([g.KeySchema, g.Projection.ProjectionType, [...(g.Projection.NonKeyAttributes ?? [])].sort()]),
        ]),
      ),
    ]),
  );

/** CloudFormation's GSI creations plus deletions per table from `a` to `b` (a changed index is both). */
function operations(a: CfnTemplate, b: CfnTemplate): Record<string, number> {
  const before = indexesOf(a);
  const after = indexesOf(b);
  const counts: Record<string, number> = {};
  for (const [table, indexes] of after) {
    const old = before.get(table);
    if (!old) continue;
    let n = 0;
    for (const name of new Set([...old.keys(), ...indexes.keys()])) {
      if (old.get(name) === indexes.get(name)) continue;
      n += old.has(name) && indexes.has(name) ? 2 : 1;
    }
    counts[table] = n;
  }
  return counts;
}

const nonTableResources = (t: CfnTemplate) => Object.fromEntries(Object.entries(t.Resources).filter(([, r]) => r.Type !== 'AWS::DynamoDB::Table'));

/** Everything a deployable sequence must satisfy, checked step by step from `previous`. */
function expectSafeSequence(previous: CfnTemplate, plan: IndexPlan): void {
  const states = [previous, ...plan.steps.map((step) => step.template)];
  for (let i = 1; i < states.length; i++) {
    const step = plan.steps[i - 1]!;
    for (const [table, n] of Object.entries(operations(states[i - 1]!, states[i]!))) {
      expect({ step: step.number, table, operations: n }).toEqual({ step: step.number, table, operations: Math.min(n, 1) });
    }
    for (const table of tableIds(states[i]!)) {
      const p = propsOf(states[i]!, table);
      const used = [...p.KeySchema, ...(p.GlobalSecondaryIndexes ?? []).flatMap((g) => g.KeySchema)].map((k) => k.AttributeName);
      const defined = p.AttributeDefinitions.map((a) => a.AttributeName);
      // Exactly the attributes some key uses, each defined once (CloudFormation refuses both a missing and an unused one).
      expect({ step: step.number, table, defined: [...defined].sort() }).toEqual({ step: step.number, table, defined: [...new Set(used)].sort() });
      expect((p.GlobalSecondaryIndexes ?? []).length).toBeLessThanOrEqual(20);
    }
    // Steps on the deployed code move only the tables' indexes; later steps are the new release.
    expect({ step: step.number, resources: nonTableResources(states[i]!), outputs: states[i]!.Outputs }).toEqual({
      step: step.number,
      resources: nonTableResources(step.code === 'deployed' ? previous : target),
      outputs: (step.code === 'deployed' ? previous : target).Outputs,
    });
  }
  expect(plan.steps.at(-1)).toMatchObject({ via: 'cdk-deploy', code: 'target' });
  expect(states.at(-1)).toEqual(target);
}

describe('deploy:staged plans over the synthesized app', () => {
  it('a release adding two indexes to two tables and dropping one: additions with the old code, the drop after the new code', () => {
    const previous = olderCode(withOld(without(without(clone(target), 'vendors', ['byDirectoryName', 'byDirectoryEmail']), 'ledger', ['byPayoutStatus', 'byPayoutPeriod']), 'ledger', 'byLegacyStatus', 'legacyStatus'));
    const plan = planIndexSteps(previous, target);
    expect(plan.staged).toBe(true);
    expectSafeSequence(previous, plan);
    expect(plan.steps.map((step) => [step.code, step.via, step.changes.map((c) => `${c.table} ${c.action} ${c.index}`)])).toEqual([
      ['deployed', 'change-set', [`${id('vendors')} add byDirectoryName`, `${id('ledger')} add byPayoutStatus`]],
      ['deployed', 'change-set', [`${id('vendors')} add byDirectoryEmail`, `${id('ledger')} add byPayoutPeriod`]],
      ['target', 'change-set', []],
      ['target', 'cdk-deploy', [`${id('ledger')} remove byLegacyStatus`]],
    ]);
    // The old code keeps its index until the new code is in.
    const legacyIn = plan.steps.map((step) => (propsOf(step.template, id('ledger')).GlobalSecondaryIndexes ?? []).some((g) => g.IndexName === 'byLegacyStatus'));
    expect(legacyIn).toEqual([true, true, true, false]);
    expect(describePlan(plan, 'SellerPortal-dev').join('\n')).toMatch(/^SellerPortal-dev: 4 steps/);
  });

  it('an index changed in place is removed and created again after the new code, with a warning', () => {
    const previous = clone(target);
    // The previous release had it with the whole item; this one keeps keys only.
    const payable = propsOf(previous, id('ledger')).GlobalSecondaryIndexes!.find((g) => g.IndexName === 'byPayableShard')!;
    payable.Projection = { ProjectionType: 'ALL' };
    const plan = planIndexSteps(previous, target);
    expectSafeSequence(previous, plan);
    expect(plan.steps.map((step) => step.changes.map((c) => `${c.action} ${c.index}`))).toEqual([[], ['remove byPayableShard'], ['add byPayableShard']]);
    expect(plan.steps[0]!.code).toBe('target');
    expect(describePlan(plan, 'SellerPortal-dev').join('\n')).toMatch(/⚠ Changed in place: .*byPayableShard/);
  });

  it('nothing to stage: the same indexes, or one new index per table', () => {
    for (const previous of [olderCode(clone(target)), without(without(clone(target), 'orders', ['byVendorOrderNumber']), 'products', ['byVendorStock'])]) {
      const plan = planIndexSteps(previous, target);
      expect(plan.staged).toBe(false);
      expect(plan.steps).toHaveLength(1);
      expect(plan.steps[0]).toMatchObject({ via: 'cdk-deploy', template: target });
      expect(describePlan(plan, 'SellerPortal-dev')[0]).toMatch(/nothing to stage/);
    }
  });

  it('the offline dry run (--from --to) prints the steps and writes templates that end at the target', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-staged-'));
    try {
      const previous = without(clone(target), 'vendors', ['byDirectoryName', 'byDirectoryEmail']);
      writeFileSync(join(dir, 'old.json'), JSON.stringify(previous));
      writeFileSync(join(dir, 'new.json'), JSON.stringify(target));
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'scripts/ops/deploy-staged.ts', '--from', join(dir, 'old.json'), '--to', join(dir, 'new.json'), '--write-templates', join(dir, 'steps')],
        { cwd: projectRoot, timeout: 120_000 },
      );
      expect(stdout).toMatch(/: 3 steps/);
      expect(stdout).toContain(`1. deployed code · change set      · ${id('vendors')} +byDirectoryName`);
      expect(stdout).toContain(`2. deployed code · change set      · ${id('vendors')} +byDirectoryEmail`);
      expect(stdout).toMatch(/3\. new code +· cdk deploy/);
      const read = (n: number) => JSON.parse(readFileSync(join(dir, 'steps', `step-${n}.template.json`), 'utf8')) as CfnTemplate;
      expect(operations(previous, read(1))[id('vendors')]).toBe(1);
      expect(operations(read(1), read(2))[id('vendors')]).toBe(1);
      expect(read(3)).toEqual(target);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
