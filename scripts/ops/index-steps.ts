/**
 * Plans a deploy whose DynamoDB index changes CloudFormation cannot make in one update (issue 23:
 * upgrades without code edits). CloudFormation creates or deletes at most ONE global secondary index
 * per table per stack update (an update that adds two, or removes one and adds one, or changes an
 * index's keys or projection — a delete plus a create — fails and rolls back), so a release that
 * moves several indexes of one table is deployed as a sequence of root templates:
 *
 *   1. with the deployed code: the deployed template, tables gaining their new indexes one per table
 *      per step (nothing else moves, so the running code is unchanged and ignores them);
 *   2. the new release (the target template) keeping every index it removes or changes as deployed,
 *      so the old code can read them until the new code is in;
 *   3. with the new code: removals, then re-creations of changed indexes, one per table per step; the
 *      last step is the target itself (the plain `cdk deploy`).
 *
 * Pure: templates in, steps out (scripts/ops/deploy-staged.ts deploys them). Tables are matched by
 * logical id; only the root stack's `AWS::DynamoDB::Table` resources are planned.
 */

export const TABLE_TYPE = 'AWS::DynamoDB::Table';
/** DynamoDB's quota of global secondary indexes per table (default, adjustable by AWS support). */
export const MAX_GSIS_PER_TABLE = 20;

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  [key: string]: unknown;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  [key: string]: unknown;
}

interface KeyElement {
  AttributeName: string;
  KeyType: string;
}
interface GsiDef {
  IndexName: string;
  KeySchema: KeyElement[];
  Projection?: { ProjectionType?: string; NonKeyAttributes?: string[] };
  [key: string]: unknown;
}
interface AttributeDefinition {
  AttributeName: string;
  AttributeType: string;
}

/** A plan that cannot be carried out safely (or a template the planner cannot read): one line for the operator. */
export class IndexPlanError extends Error {}

/** Per table (logical id), per index name: its signature (keys with their types, projection). */
export type IndexState = Record<string, Record<string, string>>;

export interface IndexChange {
  table: string;
  action: 'add' | 'remove';
  index: string;
  /** Part of re-creating an index whose keys or projection change (removed, then added again). */
  rebuild: boolean;
}

export interface TableIndexDiff {
  table: string;
  add: string[];
  remove: string[];
  /** Same name, other keys or projection: CloudFormation deletes and creates it. */
  rebuild: string[];
}

export interface IndexStep {
  /** 1-based. */
  number: number;
  /** The code running during and after the step: the deployed release's, or the target's. */
  code: 'deployed' | 'target';
  /** A CloudFormation change set with `template` (the root stack only), or the plain `cdk deploy` of the target. */
  via: 'change-set' | 'cdk-deploy';
  changes: IndexChange[];
  template: CfnTemplate;
  /** The tables' indexes once the step is deployed. */
  indexes: IndexState;
}

export interface IndexPlan {
  /** False: a plain `cdk deploy` is safe (at most one added index per table, nothing removed or changed). */
  staged: boolean;
  tables: TableIndexDiff[];
  steps: IndexStep[];
  /** Tables not planned (new, leaving the stack, replaced), one line each. */
  notes: string[];
  /** Tables the new release replaces (key schema, name or local indexes change): new, empty tables. */
  replaced: string[];
}

const clone = <T>(value: T): T => structuredClone(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readKeySchema(value: unknown, where: string): KeyElement[] {
  if (!Array.isArray(value) || !value.every((k) => isRecord(k) && typeof k.AttributeName === 'string' && typeof k.KeyType === 'string')) {
    throw new IndexPlanError(`${where}: KeySchema is not a plain list of { AttributeName, KeyType } (an intrinsic function?): cannot plan it.`);
  }
  return value as KeyElement[];
}

function readGsis(tableId: string, resource: CfnResource): GsiDef[] {
  const value = resource.Properties?.GlobalSecondaryIndexes;
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((g) => isRecord(g) && typeof g.IndexName === 'string')) {
    throw new IndexPlanError(`${tableId}: GlobalSecondaryIndexes is not a plain list of indexes with literal names (an intrinsic function?): cannot plan it.`);
  }
  for (const g of value as GsiDef[]) readKeySchema(g.KeySchema, `${tableId} index ${g.IndexName}`);
  return value as GsiDef[];
}

function readAttributeTypes(tableId: string, resource: CfnResource): Map<string, string> {
  const value = resource.Properties?.AttributeDefinitions ?? [];
  if (!Array.isArray(value) || !value.every((a) => isRecord(a) && typeof a.AttributeName === 'string' && typeof a.AttributeType === 'string')) {
    throw new IndexPlanError(`${tableId}: AttributeDefinitions is not a plain list of { AttributeName, AttributeType }: cannot plan it.`);
  }
  return new Map((value as AttributeDefinition[]).map((a) => [a.AttributeName, a.AttributeType]));
}

const lsiKeys = (resource: CfnResource): KeyElement[] =>
  ((resource.Properties?.LocalSecondaryIndexes as { KeySchema?: KeyElement[] }[] | undefined) ?? []).flatMap((l) => l.KeySchema ?? []);

/**
 * What makes CloudFormation delete and re-create an index: its keys (names, order, kinds and the
 * attributes' types) and its projection (the non-key attributes as a set). Throughput, warm throughput
 * and contributor insights are updated in place and are not compared.
 */
function signature(gsi: GsiDef, types: Map<string, string>): string {
  return JSON.stringify({
    keys: gsi.KeySchema.map((k) => [k.AttributeName, k.KeyType, types.get(k.AttributeName) ?? '?']),
    projection: gsi.Projection?.ProjectionType ?? 'KEYS_ONLY',
    nonKey: [...(gsi.Projection?.NonKeyAttributes ?? [])].sort(),
  });
}

const tablesOf = (template: CfnTemplate): [string, CfnResource][] =>
  Object.entries(template.Resources ?? {}).filter(([, r]) => r.Type === TABLE_TYPE);

/** Every table's indexes in `template`: what the deploy compares with the stack before each step. */
export function indexState(template: CfnTemplate): IndexState {
  return Object.fromEntries(
    tablesOf(template).map(([id, resource]) => {
      const types = readAttributeTypes(id, resource);
      return [id, Object.fromEntries(readGsis(id, resource).map((g) => [g.IndexName, signature(g, types)]))];
    }),
  );
}

/** How `actual` differs from `expected`, one line per table and index; empty when they are the same. */
export function indexStateDifferences(expected: IndexState, actual: IndexState): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const e = expected[table];
    const a = actual[table];
    if (!e || !a) {
      lines.push(`${table}: ${e ? 'missing from the stack' : 'not expected in the stack'}`);
      continue;
    }
    for (const index of new Set([...Object.keys(e), ...Object.keys(a)])) {
      if (e[index] === a[index]) continue;
      lines.push(`${table} ${index}: ${e[index] === undefined ? 'present, expected absent' : a[index] === undefined ? 'absent, expected present' : 'other keys or projection than expected'}`);
    }
  }
  return lines;
}

/** CloudFormation's create/delete count for the table between two index states (a changed index counts two). */
export function indexOperations(before: Record<string, string>, after: Record<string, string>): number {
  let count = 0;
  for (const index of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[index] === after[index]) continue;
    count += before[index] !== undefined && after[index] !== undefined ? 2 : 1;
  }
  return count;
}

/** Table properties whose change replaces the table (then its indexes come with the new one). */
function replacementReason(deployed: CfnResource, target: CfnResource): string | null {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const keyTypes = (r: CfnResource, keys: KeyElement[]) => {
    const types = readAttributeTypes('', r);
    return keys.map((k) => [k.AttributeName, k.KeyType, types.get(k.AttributeName)]);
  };
  const dp = deployed.Properties ?? {};
  const tp = target.Properties ?? {};
  if (!same(keyTypes(deployed, (dp.KeySchema as KeyElement[]) ?? []), keyTypes(target, (tp.KeySchema as KeyElement[]) ?? []))) return 'its key schema changes';
  if (!same(dp.TableName, tp.TableName)) return 'its name changes';
  if (!same(dp.LocalSecondaryIndexes, tp.LocalSecondaryIndexes)) return 'its local secondary indexes change';
  return null;
}

/** One table's indexes in one step: each with the table resource its definition (and attribute types) comes from. */
interface Entry {
  gsi: GsiDef;
  from: CfnResource;
}

interface TablePlan {
  id: string;
  deployed: CfnResource;
  target: CfnResource;
  diff: TableIndexDiff;
}

/**
 * The table resource `base` with the indexes `entries`, and the attribute definitions those need:
 * exactly the attributes of the table's keys, its local indexes and `entries` (CloudFormation refuses
 * a definition no key uses), each with the type its source table gives it.
 */
function tableWith(id: string, base: CfnResource, entries: Entry[], step: number): CfnResource {
  const types = new Map<string, string>();
  const use = (name: string, type: string | undefined, what: string) => {
    if (type === undefined) throw new IndexPlanError(`${id}: ${what} uses ${name}, which has no attribute definition.`);
    const known = types.get(name);
    if (known !== undefined && known !== type) {
      throw new IndexPlanError(
        `${id}: attribute ${name} would be both ${known} and ${type} in step ${step} (an index keeps the old type while another needs the new one): give the new index another attribute.`,
      );
    }
    types.set(name, type);
  };
  const baseTypes = readAttributeTypes(id, base);
  for (const k of [...readKeySchema(base.Properties?.KeySchema ?? [], id), ...lsiKeys(base)]) use(k.AttributeName, baseTypes.get(k.AttributeName), 'the table key');
  for (const { gsi, from } of entries) {
    const fromTypes = readAttributeTypes(id, from);
    for (const k of gsi.KeySchema) use(k.AttributeName, fromTypes.get(k.AttributeName), `index ${gsi.IndexName}`);
  }
  const ordered = [...baseTypes.keys()].filter((n) => types.has(n));
  for (const name of types.keys()) if (!ordered.includes(name)) ordered.push(name);
  const resource = clone(base);
  const properties = (resource.Properties ??= {});
  properties.AttributeDefinitions = ordered.map((name) => ({ AttributeName: name, AttributeType: types.get(name) }));
  if (entries.length) properties.GlobalSecondaryIndexes = entries.map((e) => clone(e.gsi));
  else delete properties.GlobalSecondaryIndexes;
  return resource;
}

/** Plans deploying `target` over `deployed` in steps of at most one index creation or deletion per table. */
export function planIndexSteps(deployed: CfnTemplate, target: CfnTemplate): IndexPlan {
  const notes: string[] = [];
  const replaced: string[] = [];
  const plans: TablePlan[] = [];
  for (const [id, targetTable] of tablesOf(target)) {
    const deployedTable = deployed.Resources?.[id];
    const count = readGsis(id, targetTable).length;
    if (count > MAX_GSIS_PER_TABLE) throw new IndexPlanError(`${id}: the new release gives it ${count} global secondary indexes; DynamoDB allows ${MAX_GSIS_PER_TABLE}.`);
    if (deployedTable?.Type !== TABLE_TYPE) {
      notes.push(`${id}: a new table, created with its ${count} index(es) by the new release.`);
      continue;
    }
    const reason = replacementReason(deployedTable, targetTable);
    if (reason) {
      notes.push(`⚠ ${id}: ${reason}, so CloudFormation replaces the table (a new, empty table with its indexes): not staged.`);
      replaced.push(id);
      continue;
    }
    const deployedTypes = readAttributeTypes(id, deployedTable);
    const targetTypes = readAttributeTypes(id, targetTable);
    const before = new Map(readGsis(id, deployedTable).map((g) => [g.IndexName, g]));
    const after = new Map(readGsis(id, targetTable).map((g) => [g.IndexName, g]));
    const diff: TableIndexDiff = {
      table: id,
      add: [...after.keys()].filter((n) => !before.has(n)),
      remove: [...before.keys()].filter((n) => !after.has(n)),
      rebuild: [...after.keys()].filter((n) => before.has(n) && signature(before.get(n)!, deployedTypes) !== signature(after.get(n)!, targetTypes)),
    };
    if (diff.add.length || diff.remove.length || diff.rebuild.length) plans.push({ id, deployed: deployedTable, target: targetTable, diff });
  }
  const leaving = tablesOf(deployed).filter(([id]) => target.Resources?.[id]?.Type !== TABLE_TYPE);
  for (const [id] of leaving) notes.push(`${id}: leaves the stack with the new release (its DeletionPolicy decides whether the table is deleted).`);
  if (leaving.length && notes.some((n) => n.includes(': a new table'))) {
    notes.push(
      '⚠ Tables leave the stack and new ones appear: if they are the same tables under new logical ids (a construct moved), the new release would create new, empty tables. Keep the old logical ids before deploying.',
    );
  }

  const tables = plans.map((p) => p.diff);
  const staged = plans.some((p) => p.diff.add.length > 1 || p.diff.remove.length > 0 || p.diff.rebuild.length > 0);
  if (!staged) {
    const changes = plans.flatMap((p) => p.diff.add.map((index) => ({ table: p.id, action: 'add' as const, index, rebuild: false })));
    return { staged, tables, notes, replaced, steps: [{ number: 1, code: 'target', via: 'cdk-deploy', changes, template: target, indexes: indexState(target) }] };
  }

  const steps: IndexStep[] = [];
  const push = (code: IndexStep['code'], via: IndexStep['via'], changes: IndexChange[], template: CfnTemplate) => {
    for (const [id, resource] of tablesOf(template)) {
      const count = readGsis(id, resource).length;
      if (count > MAX_GSIS_PER_TABLE) {
        throw new IndexPlanError(
          `${id}: would have ${count} global secondary indexes in step ${steps.length + 1} (DynamoDB allows ${MAX_GSIS_PER_TABLE}): new indexes are added before old ones are removed, so that the running code keeps the indexes it reads. Remove unused indexes in an earlier release first.`,
        );
      }
    }
    steps.push({ number: steps.length + 1, code, via, changes, template, indexes: indexState(template) });
  };
  const withTables = (base: CfnTemplate, entriesOf: (p: TablePlan) => { base: CfnResource; entries: Entry[] }) => {
    const template = clone(base);
    for (const p of plans) {
      const { base: table, entries } = entriesOf(p);
      template.Resources[p.id] = tableWith(p.id, table, entries, steps.length + 1);
    }
    return template;
  };
  const deployedEntries = (p: TablePlan): Entry[] => readGsis(p.id, p.deployed).map((gsi) => ({ gsi, from: p.deployed }));
  const targetGsi = (p: TablePlan, name: string): Entry => ({ gsi: readGsis(p.id, p.target).find((g) => g.IndexName === name)!, from: p.target });
  const deployedGsi = (p: TablePlan, name: string): Entry => ({ gsi: readGsis(p.id, p.deployed).find((g) => g.IndexName === name)!, from: p.deployed });

  // 1. With the deployed code, on the deployed template: the new indexes, one per table per step.
  const additions = Math.max(0, ...plans.map((p) => p.diff.add.length));
  for (let i = 1; i <= additions; i++) {
    const changes = plans.filter((p) => p.diff.add.length >= i).map((p) => ({ table: p.id, action: 'add' as const, index: p.diff.add[i - 1]!, rebuild: false }));
    push('deployed', 'change-set', changes, withTables(deployed, (p) => ({ base: p.deployed, entries: [...deployedEntries(p), ...p.diff.add.slice(0, i).map((n) => targetGsi(p, n))] })));
  }

  // 2. The new release, keeping what it removes or changes as deployed (in the target's order, the kept ones last).
  const retained = plans.some((p) => p.diff.remove.length || p.diff.rebuild.length);
  if (!retained) {
    push('target', 'cdk-deploy', [], target);
    return { staged, tables, notes, replaced, steps };
  }
  const keptState = (p: TablePlan, removed: Set<string>, recreated: Set<string>): Entry[] => [
    ...readGsis(p.id, p.target)
      .filter((g) => !removed.has(g.IndexName))
      .map((g) => (p.diff.rebuild.includes(g.IndexName) && !recreated.has(g.IndexName) ? deployedGsi(p, g.IndexName) : targetGsi(p, g.IndexName))),
    ...p.diff.remove.filter((n) => !removed.has(n)).map((n) => deployedGsi(p, n)),
  ];
  push('target', 'change-set', [], withTables(target, (p) => ({ base: p.target, entries: keptState(p, new Set(), new Set()) })));

  // 3. With the new code: removals, then each changed index removed and created anew; the last step is the target.
  const queues = new Map(
    plans.map((p) => [
      p.id,
      [
        ...p.diff.remove.map((index) => ({ table: p.id, action: 'remove' as const, index, rebuild: false })),
        ...p.diff.rebuild.flatMap((index) => [
          { table: p.id, action: 'remove' as const, index, rebuild: true },
          { table: p.id, action: 'add' as const, index, rebuild: true },
        ]),
      ],
    ]),
  );
  const operations = Math.max(...[...queues.values()].map((q) => q.length));
  for (let j = 1; j <= operations; j++) {
    const changes = plans.flatMap((p) => (queues.get(p.id)!.length >= j ? [queues.get(p.id)![j - 1]!] : []));
    if (j === operations) {
      push('target', 'cdk-deploy', changes, target);
      break;
    }
    push(
      'target',
      'change-set',
      changes,
      withTables(target, (p) => {
        const done = queues.get(p.id)!.slice(0, j);
        const removed = new Set(done.filter((c) => c.action === 'remove').map((c) => c.index));
        const recreated = new Set(done.filter((c) => c.action === 'add').map((c) => c.index));
        for (const index of recreated) removed.delete(index);
        return { base: p.target, entries: keptState(p, removed, recreated) };
      }),
    );
  }
  return { staged, tables, notes, replaced, steps };
}

const describeChange = (c: IndexChange): string =>
  c.action === 'add' ? `+${c.index}${c.rebuild ? ' (re-created with its new keys/projection)' : ''}` : `−${c.index}${c.rebuild ? ' (to re-create it)' : ''}`;

/** The plan as lines for the terminal (deploy:staged --plan, and before it deploys). */
export function describePlan(plan: IndexPlan, stackName: string): string[] {
  const lines: string[] = [];
  for (const t of plan.tables) {
    const parts = [
      ...t.add.map((n) => `add ${n}`),
      ...t.remove.map((n) => `remove ${n}`),
      ...t.rebuild.map((n) => `change ${n} (keys or projection: deleted and created again)`),
    ];
    lines.push(`  ${t.table}: ${parts.join(', ')}`);
  }
  for (const note of plan.notes) lines.push(`  ${note}`);
  if (!plan.staged) {
    return [
      `${stackName}: nothing to stage — no table gains more than one index and none loses or changes one; a plain \`cdk deploy\` is safe.`,
      ...lines,
    ];
  }
  const rebuilds = plan.tables.flatMap((t) => t.rebuild.map((n) => `${t.table} ${n}`));
  const out = [`${stackName}: ${plan.steps.length} steps (CloudFormation creates or deletes one global secondary index per table per update):`, ...lines];
  for (const step of plan.steps) {
    const who = step.code === 'deployed' ? 'deployed code' : 'new code     ';
    const how = step.via === 'cdk-deploy' ? 'cdk deploy      ' : 'change set      ';
    const what = step.changes.length
      ? step.changes.map((c) => `${c.table} ${describeChange(c)}`).join('; ')
      : step.code === 'target' && step.via === 'change-set'
        ? 'the new release, keeping the indexes it removes or changes until its code is in'
        : 'the new release (no index change)';
    out.push(`  ${String(step.number).padStart(2)}. ${who} · ${how}· ${what}`);
  }
  if (rebuilds.length) {
    out.push(
      `  ⚠ Changed in place: ${rebuilds.join(', ')}. Queries on such an index fail from its removal until it is built again (minutes to hours on a large table), and between the new code and that removal the new code reads the old definition. Prefer a new index name (add it, switch the code, remove the old one); deploying this plan needs --allow-rebuild.`,
    );
  }
  return out;
}
