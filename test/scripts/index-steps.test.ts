import { describe, expect, it } from 'vitest';
import {
  describePlan,
  indexOperations,
  indexState,
  indexStateDifferences,
  IndexPlanError,
  planIndexSteps,
  type CfnResource,
  type CfnTemplate,
} from '../../scripts/ops/index-steps';

// Small hand-written templates for the edge cases; test/infra/index-steps.test.ts plans over the
// synthesized app.

type Gsi = { name: string; keys: [string, ('S' | 'N')?][]; include?: string[] };
const table = (gsis: Gsi[], extra: Record<string, unknown> = {}): CfnResource => {
  const types = new Map<string, string>([['pk', 'S']]);
  for (const g of gsis) for (const [k, t] of g.keys) types.set(k, t ?? 'S');
  return {
    Type: 'AWS::DynamoDB::Table',
    DeletionPolicy: 'Retain',
    Properties: {
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [...types].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
      BillingMode: 'PAY_PER_REQUEST',
      ...(gsis.length
        ? {
            GlobalSecondaryIndexes: gsis.map((g) => ({
              IndexName: g.name,
              KeySchema: g.keys.map(([k], i) => ({ AttributeName: k, KeyType: i === 0 ? 'HASH' : 'RANGE' })),
              Projection: g.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: g.include } : { ProjectionType: 'ALL' },
            })),
          }
        : {}),
      ...extra,
    },
  };
};
const template = (tables: Record<string, CfnResource>, code = 'v1'): CfnTemplate => ({
  Resources: { ...tables, Fn: { Type: 'AWS::Lambda::Function', Properties: { Code: { S3Key: `${code}.zip` } } } },
  Parameters: { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/hnb659fds/version' } },
});

describe('planIndexSteps: what needs no staging', () => {
  it('one new index per table, or none: a plain cdk deploy, and the plan says so', () => {
    const plan = planIndexSteps(
      template({ A: table([{ name: 'a1', keys: [['x']] }]), B: table([]) }),
      template({ A: table([{ name: 'a1', keys: [['x']] }, { name: 'a2', keys: [['y']] }]), B: table([{ name: 'b1', keys: [['z']] }]) }, 'v2'),
    );
    expect(plan.staged).toBe(false);
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0]).toMatchObject({ via: 'cdk-deploy', code: 'target' });
    expect(describePlan(plan, 'SellerPortal-prod')[0]).toMatch(/^SellerPortal-prod: nothing to stage .* a plain `cdk deploy` is safe/);
  });

  it('a projection listing the same attributes in another order is not a change', () => {
    const plan = planIndexSteps(
      template({ A: table([{ name: 'a1', keys: [['x']], include: ['p', 'q'] }]) }),
      template({ A: table([{ name: 'a1', keys: [['x']], include: ['q', 'p'] }]) }),
    );
    expect(plan.tables).toEqual([]);
    expect(plan.staged).toBe(false);
  });

  it('new, replaced and departing tables are noted, not staged', () => {
    const plan = planIndexSteps(
      template({ Old: table([{ name: 'o', keys: [['x']] }]), Keyed: table([{ name: 'k1', keys: [['x']] }]) }),
      template({
        New: table([{ name: 'n1', keys: [['x']] }, { name: 'n2', keys: [['y']] }]),
        Keyed: table([{ name: 'k2', keys: [['y']] }, { name: 'k3', keys: [['z']] }], { KeySchema: [{ AttributeName: 'y', KeyType: 'HASH' }] }),
      }),
    );
    expect(plan.staged).toBe(false);
    expect(plan.notes.join('\n')).toMatch(/New: a new table, created with its 2 index/);
    expect(plan.notes.join('\n')).toMatch(/⚠ Keyed: its key schema changes, so CloudFormation replaces the table/);
    expect(plan.replaced).toEqual(['Keyed']);
    expect(plan.notes.join('\n')).toMatch(/Old: leaves the stack/);
    expect(plan.notes.at(-1)).toMatch(/^⚠ Tables leave the stack and new ones appear: if they are the same tables under new logical ids/);
  });
});

describe('planIndexSteps: staged', () => {
  it('a lone removal waits for the new code: the new release keeps the index, the last step removes it', () => {
    const before = template({ A: table([{ name: 'a1', keys: [['x']] }, { name: 'gone', keys: [['old', 'N']] }]) });
    const after = template({ A: table([{ name: 'a1', keys: [['x']] }]) }, 'v2');
    const plan = planIndexSteps(before, after);
    expect(plan.staged).toBe(true);
    expect(plan.steps.map((s) => [s.code, s.via, s.changes.map((c) => `${c.action} ${c.index}`)])).toEqual([
      ['target', 'change-set', []],
      ['target', 'cdk-deploy', ['remove gone']],
    ]);
    const first = plan.steps[0]!.template;
    expect(first.Resources.Fn).toEqual(after.Resources.Fn);
    expect(Object.keys(indexState(first).A!)).toEqual(['a1', 'gone']);
    // The kept index keeps its attribute (and its type) while it exists.
    expect(first.Resources.A!.Properties!.AttributeDefinitions).toEqual([
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'x', AttributeType: 'S' },
      { AttributeName: 'old', AttributeType: 'N' },
    ]);
    expect(plan.steps[1]!.template).toBe(after);
  });

  it('a changed index is removed, then created again, after the new code, and the plan warns', () => {
    const plan = planIndexSteps(
      template({ A: table([{ name: 'a1', keys: [['x']] }]) }),
      template({ A: table([{ name: 'a1', keys: [['x'], ['y']] }]) }, 'v2'),
    );
    expect(plan.tables).toEqual([{ table: 'A', add: [], remove: [], rebuild: ['a1'] }]);
    expect(plan.steps.map((s) => s.changes.map((c) => `${c.action} ${c.index}${c.rebuild ? ' (rebuild)' : ''}`))).toEqual([[], ['remove a1 (rebuild)'], ['add a1 (rebuild)']]);
    expect(plan.steps[1]!.template.Resources.A!.Properties!.GlobalSecondaryIndexes).toBeUndefined();
    expect(plan.steps[1]!.template.Resources.A!.Properties!.AttributeDefinitions).toEqual([{ AttributeName: 'pk', AttributeType: 'S' }]);
    expect(describePlan(plan, 'S').join('\n')).toMatch(/⚠ Changed in place: A a1\. .* needs --allow-rebuild/);
  });

  it('an attribute whose type changes while an index still uses the old type is refused', () => {
    expect(() =>
      planIndexSteps(
        template({ A: table([{ name: 'a1', keys: [['x', 'S']] }]) }),
        template({ A: table([{ name: 'a2', keys: [['x', 'N']] }, { name: 'a3', keys: [['y']] }]) }),
      ),
    ).toThrow(/A: attribute x would be both S and N in step 1/);
  });

  it('more than 20 indexes on a table at any step is refused, naming the table and the step', () => {
    const old = Array.from({ length: 19 }, (_, i) => ({ name: `old${i}`, keys: [[`o${i}`]] as [string][] }));
    expect(() =>
      planIndexSteps(
        template({ A: table(old) }),
        template({ A: table([...old.slice(0, 17), { name: 'n1', keys: [['p']] }, { name: 'n2', keys: [['q']] }]) }),
      ),
    ).toThrow(/A: would have 21 global secondary indexes in step 2 \(DynamoDB allows 20\)/);
    expect(() => planIndexSteps(template({ A: table([]) }), template({ A: table([...old, { name: 'n1', keys: [['p']] }, { name: 'n2', keys: [['q']] }]) }))).toThrow(
      /A: the new release gives it 21 global secondary indexes/,
    );
  });

  it('refuses indexes it cannot read (an intrinsic function instead of a list)', () => {
    const conditional = table([]);
    conditional.Properties!.GlobalSecondaryIndexes = { 'Fn::If': ['C', [], []] };
    expect(() => planIndexSteps(template({ A: table([]) }), template({ A: conditional }))).toThrow(IndexPlanError);
  });
});

describe('indexState, indexStateDifferences, indexOperations', () => {
  it('name what differs, and count a changed index as two operations', () => {
    const a = indexState(template({ A: table([{ name: 'a1', keys: [['x']] }, { name: 'a2', keys: [['y']] }]) }));
    const b = indexState(template({ A: table([{ name: 'a1', keys: [['x'], ['z']] }, { name: 'a3', keys: [['y']] }]) }));
    expect(indexStateDifferences(a, a)).toEqual([]);
    expect(indexStateDifferences(a, b)).toEqual(['A a1: other keys or projection than expected', 'A a2: absent, expected present', 'A a3: present, expected absent']);
    expect(indexOperations(a.A!, b.A!)).toBe(4);
  });
});
