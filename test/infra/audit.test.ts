import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions } from '../../contracts/routes';
import { asArray, props, resourcesOfType, statementsOfRole, tableLogicalId, type CfnTemplate, synthesizedTemplates, type SynthesizedTemplates } from './support';

/**
 * Issue 13: the ops audit log is append-only. Whatever role may touch the audit table can put items
 * (new entries, conditional on a new key: lambdas/audit/record.ts) and read them, and nothing else:
 * no UpdateItem, DeleteItem, BatchWriteItem, PartiQL writes or wildcards, in any policy of the stack.
 */
let s: SynthesizedTemplates;
beforeAll(() => {
  s = synthesizedTemplates();
});

const READ_ACTIONS = new Set([
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:DescribeStream',
  'dynamodb:ListStreams',
]);
const ALLOWED = new Set([...READ_ACTIONS, 'dynamodb:PutItem']);

/** Every Allow statement of every IAM policy in the template (policies, managed policies, roles' inline policies). */
function allStatements(json: CfnTemplate): { where: string; statement: Record<string, unknown> }[] {
  const out: { where: string; statement: Record<string, unknown> }[] = [];
  const add = (where: string, doc: unknown) => {
    for (const statement of asArray((doc as { Statement?: Record<string, unknown> | Record<string, unknown>[] } | undefined)?.Statement)) out.push({ where, statement });
  };
  for (const [id, p] of resourcesOfType(json, 'AWS::IAM::Policy')) add(id, props(p).PolicyDocument);
  for (const [id, p] of resourcesOfType(json, 'AWS::IAM::ManagedPolicy')) add(id, props(p).PolicyDocument);
  for (const [id, r] of resourcesOfType(json, 'AWS::IAM::Role')) for (const policy of asArray(props(r).Policies as unknown[])) add(id, (policy as { PolicyDocument: unknown }).PolicyDocument);
  return out;
}

/** What a statement on the audit table allows beyond put and read (an action or a wildcard), by policy. */
export function appendOnlyViolations(json: CfnTemplate, tableId: string): string[] {
  const problems: string[] = [];
  for (const { where, statement } of allStatements(json)) {
    if (statement.Effect !== 'Allow') continue;
    const resources = JSON.stringify(statement.Resource ?? '*');
    const onAudit = resources.includes(`"${tableId}"`) || resources === '"*"' || resources.includes('"*"');
    if (!onAudit) continue;
    for (const action of asArray(statement.Action as string | string[])) {
      if (!action.startsWith('dynamodb:') && action !== '*') continue;
      if (!ALLOWED.has(action)) problems.push(`${where}: ${action} on ${resources}`);
    }
  }
  return problems;
}

describe('the audit table', () => {
  it('no role can update or delete audit entries: only PutItem and reads are granted on it', () => {
    const tableId = tableLogicalId(s.json, 'audit');
    expect(appendOnlyViolations(s.json, tableId)).toEqual([]);
  });

  it('the functions that record ops actions put, and only put; the audit log screen only reads', () => {
    const tableId = tableLogicalId(s.json, 'audit');
    const writers = Object.values(apiFunctions).filter((f) => (f.tables as Record<string, string>).audit === 'append');
    const readers = Object.values(apiFunctions).filter((f) => (f.tables as Record<string, string>).audit === 'r');
    expect(readers.length).toBeGreaterThanOrEqual(2);
    for (const f of Object.values(apiFunctions)) expect(['append', 'r', undefined], f.entry).toContain((f.tables as Record<string, string>).audit);
    const grantsOf = (description: string) => {
      const [, fn] = resourcesOfType(s.json, 'AWS::Lambda::Function').find(([, r]) => props(r).Description === description)!;
      const role = (props(fn).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      return statementsOfRole(s.json, role)
        .filter((statement) => JSON.stringify(statement.Resource).includes(`"${tableId}"`))
        .flatMap((statement) => asArray(statement.Action as string | string[]));
    };
    for (const w of writers) expect(grantsOf(w.description), w.entry).toEqual(['dynamodb:PutItem']);
    for (const r of readers) expect(grantsOf(r.description), r.entry).not.toContain('dynamodb:PutItem');
  });

  it('the check finds an update, a delete or a wildcard granted on the table', () => {
    const tableId = tableLogicalId(s.json, 'audit');
    const tampered: CfnTemplate = {
      ...s.json,
      Resources: {
        ...s.json.Resources,
        Extra: {
          Type: 'AWS::IAM::Policy',
          Properties: {
            PolicyDocument: {
              Statement: [
                { Effect: 'Allow', Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'], Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } },
                { Effect: 'Allow', Action: 'dynamodb:DeleteItem', Resource: [{ 'Fn::GetAtt': [tableId, 'Arn'] }] },
                { Effect: 'Allow', Action: 'dynamodb:*', Resource: '*' },
              ],
            },
          },
        },
      },
    };
    expect(appendOnlyViolations(tampered, tableId)).toEqual([
      expect.stringContaining('dynamodb:UpdateItem'),
      expect.stringContaining('dynamodb:DeleteItem'),
      expect.stringContaining('dynamodb:*'),
    ]);
  });

  it('keeps its entries: point-in-time recovery, and in prod the table survives the stack', () => {
    const table = s.json.Resources[tableLogicalId(s.json, 'audit')]!;
    expect(props(table).PointInTimeRecoverySpecification).toMatchObject({ PointInTimeRecoveryEnabled: true });
  });
});

/**
 * Issue 14: the vendor activity log is append-only the same way. Its writers (the functions whose
 * changes it records) may only put; its screen and export only read.
 */
describe('the activity table', () => {
  it('no role can update or delete activity entries: only PutItem and reads are granted on it', () => {
    const tableId = tableLogicalId(s.json, 'activity');
    expect(appendOnlyViolations(s.json, tableId)).toEqual([]);
  });

  it('the functions that record vendor activity put, and only put; the activity screen and its export only read', () => {
    const tableId = tableLogicalId(s.json, 'activity');
    const modeOf = (f: (typeof apiFunctions)[keyof typeof apiFunctions]) => (f.tables as Record<string, string>).activity;
    const writers = Object.values(apiFunctions).filter((f) => modeOf(f) === 'append');
    const readers = Object.values(apiFunctions).filter((f) => modeOf(f) === 'r');
    expect(writers.map((f) => f.entry).sort()).toEqual(expect.arrayContaining(['listings/handler.ts', 'payouts/method-handler.ts']));
    expect(readers.map((f) => f.entry).sort()).toEqual(['activity/export-handler.ts', 'activity/handler.ts']);
    for (const f of Object.values(apiFunctions)) expect(['append', 'r', undefined], f.entry).toContain(modeOf(f));
    const grantsOf = (description: string) => {
      const [, fn] = resourcesOfType(s.json, 'AWS::Lambda::Function').find(([, r]) => props(r).Description === description)!;
      const role = (props(fn).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      return statementsOfRole(s.json, role)
        .filter((statement) => JSON.stringify(statement.Resource).includes(`"${tableId}"`))
        .flatMap((statement) => asArray(statement.Action as string | string[]));
    };
    for (const w of writers) expect(grantsOf(w.description), w.entry).toEqual(['dynamodb:PutItem']);
    for (const r of readers) expect(grantsOf(r.description), r.entry).not.toContain('dynamodb:PutItem');
  });

  it('keeps its entries: point-in-time recovery', () => {
    const table = s.json.Resources[tableLogicalId(s.json, 'activity')]!;
    expect(props(table).PointInTimeRecoverySpecification).toMatchObject({ PointInTimeRecoveryEnabled: true });
  });
});
