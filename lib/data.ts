import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { AnyPrincipal, Effect, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { tables as tableDefs, type KeyDef, type TableAccess, type TableDef, type TableKey, type TableMode } from '../contracts/tables';
import { nagRef } from './guard';
import type { StageSettings } from './settings';

export type { TableAccess } from '../contracts/tables';

/** Write-only access (mode `w`): item writes, no reads, and no old item values in the answers. */
export const WRITE_ONLY_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem'] as const;

/** Append-only access (mode `append`): new items only. */
export const APPEND_ONLY_ACTIONS = ['dynamodb:PutItem'] as const;

/**
 * What the resource policy of an append-only table (`appendOnly`: the audit and activity logs) denies:
 * every way to change or remove an existing item. PutItem cannot be among them (it is how entries are
 * added, and IAM has no condition on a ConditionExpression), so an overwriting put is prevented by the
 * writers' grants (mode `append`, PutItem only) and their `attribute_not_exists` conditions, and made
 * visible by the archive (lib/audit-archive.ts).
 */
export const APPEND_ONLY_DENIED_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:PartiQLUpdate', 'dynamodb:PartiQLDelete'] as const;

/**
 * The resource policy of an append-only table: those actions denied to every principal of any
 * account, whatever its IAM policies say (an explicit Deny wins), except the account root, the
 * break-glass identity (docs/infra.md, "Audit archive"). `*` as the resource: a table's policy cannot name the
 * table's own generated ARN (CloudFormation would see a circular reference); it covers that table
 * and its indexes only.
 */
function appendOnlyResourcePolicy(stack: Stack): PolicyDocument {
  return new PolicyDocument({
    statements: [
      new PolicyStatement({
        sid: 'EntriesAreNeverChanged',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: [...APPEND_ONLY_DENIED_ACTIONS],
        resources: ['*'],
        conditions: { ArnNotEquals: { 'aws:PrincipalArn': `arn:${stack.partition}:iam::${stack.account}:root` } },
      }),
    ],
  });
}

const attribute = (key: KeyDef): Attribute => ({
  name: key.name,
  type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING,
});

const pascal = (name: string): string => name.replace(/(^|[-_])([a-z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase());

/**
 * One DynamoDB table per entry of contracts/tables.ts (the local bootstrap reads the same
 * file): on demand, point-in-time recovery, encrypted at rest with the AWS-managed key — or, for a
 * definition with `encryption: 'payouts-key'` (payout accounts), with the payouts customer-managed
 * key, which only roles granted that table can use. In prod a table survives the stack and refuses
 * deletion; other stages are disposable.
 */
export class Data extends Construct {
  readonly tables: Record<TableKey, Table>;
  /**
   * The customer-managed key of payout data (rotation on): the payout-accounts table here, the
   * payout-batch bucket in lib/payouts.ts. Its policy is the account default; who may use it is
   * decided by IAM grants (the payout-method API and the payout worker).
   */
  readonly payoutsKey: Key;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { settings } = props;
    this.payoutsKey = new Key(this, 'PayoutsKey', {
      description: `Seller Portal ${settings.stage}: payout destinations (account numbers) and bank-transfer instructions`,
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
    });
    // Grants only for AWS services (DynamoDB creates them for the table, marked GrantIsForAWSResource):
    // nobody can hand out lasting use of the key with a grant (guard CT.KMS.PR.3).
    this.payoutsKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'GrantsOnlyForAwsServices',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );
    const entries = Object.entries(tableDefs) as [TableKey, TableDef][];
    this.tables = Object.fromEntries(
      entries.map(([key, def]) => {
        const table = new Table(this, `${pascal(def.name)}Table`, {
          partitionKey: attribute(def.partitionKey),
          ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
          billingMode: BillingMode.PAY_PER_REQUEST,
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
          ...(def.encryption === 'payouts-key'
            ? { encryption: TableEncryption.CUSTOMER_MANAGED, encryptionKey: this.payoutsKey }
            : { encryption: TableEncryption.AWS_MANAGED }),
          deletionProtection: settings.isProd,
          removalPolicy: settings.removalPolicy,
          ...(def.timeToLiveAttribute ? { timeToLiveAttribute: def.timeToLiveAttribute } : {}),
          ...(def.stream === 'NEW_IMAGE' ? { stream: StreamViewType.NEW_IMAGE } : {}),
          ...(def.appendOnly ? { resourcePolicy: appendOnlyResourcePolicy(Stack.of(this)) } : {}),
        });
        for (const index of def.globalIndexes ?? []) {
          table.addGlobalSecondaryIndex({
            indexName: index.indexName,
            partitionKey: attribute(index.partitionKey),
            ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
            ...(index.include
              ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
              : { projectionType: index.keysOnly ? ProjectionType.KEYS_ONLY : ProjectionType.ALL }),
          });
        }
        return [key, table];
      }),
    ) as Record<TableKey, Table>;
  }

  /**
   * Gives a Lambda exactly the tables it declares: the physical name in the table's env var and
   * read (r), read-write (rw), write-only (w) or append-only (append) data access, nothing more.
   */
  connect(fn: LambdaFunction, access: TableAccess): void {
    for (const [key, mode] of Object.entries(access) as [TableKey, TableMode][]) {
      const table = this.tables[key];
      const def = tableDefs[key] as TableDef;
      fn.addEnvironment(def.envVar, table.tableName);
      if (mode === 'w') {
        this.grantWriteOnly(fn, key);
        continue;
      }
      if (mode === 'append') {
        this.grantAppendOnly(fn, key);
        continue;
      }
      if (mode === 'rw') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
      if (def.encryption === 'payouts-key' && mode === 'rw') {
        Validations.of(fn).acknowledge(
          { id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]', reason: `Writing the ${def.name} table encrypts with the payouts key: data-key generation on that one key only (what Table.grantReadWriteData grants).` },
          { id: 'AwsSolutions-IAM5[Action::kms:ReEncrypt*]', reason: `Re-encryption under the payouts key for the ${def.name} table, on that one key only (what Table.grantReadWriteData grants).` },
        );
      }
      if ((tableDefs[key] as TableDef).globalIndexes?.length) {
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagRef(fn, table.node.defaultChild as CfnElement)}/index/*]`,
          reason: `Queries on the ${tableDefs[key].name} table's own secondary indexes; the wildcard covers only that table's indexes.`,
        });
      }
    }
  }

  /**
   * Mode `append` (the audit log's writers): PutItem on the table and nothing else: no UpdateItem,
   * DeleteItem or BatchWriteItem, no reads, and no old values in answers. Every put is conditional on a
   * new key (lambdas/audit/record.ts), so a role with this grant adds entries and can change none.
   */
  private grantAppendOnly(fn: LambdaFunction, key: TableKey): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...APPEND_ONLY_ACTIONS],
        resources: [this.tables[key].tableArn],
        conditions: { StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } },
      }),
    );
  }

  /**
   * Mode `w`: put and update items of the table (no index), and nothing that
   * reads: no GetItem/Query/Scan, and `ReturnValues` must be NONE, so a write can never hand the old
   * item back. Writing a table under the payouts key needs that key, but only through DynamoDB.
   */
  private grantWriteOnly(fn: LambdaFunction, key: TableKey): void {
    const table = this.tables[key];
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...WRITE_ONLY_ACTIONS],
        resources: [table.tableArn],
        conditions: { StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' } },
      }),
    );
    if ((tableDefs[key] as TableDef).encryption !== 'payouts-key') return;
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey*', 'kms:DescribeKey'],
        resources: [this.payoutsKey.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `dynamodb.${Stack.of(this).region}.amazonaws.com` } },
      }),
    );
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      reason: `Writing the ${tableDefs[key].name} table encrypts with the payouts key: data-key generation on that one key, only through DynamoDB (kms:ViaService).`,
    });
  }
}
