import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { localTableName, type TableKey } from '../../contracts/tables';
import { marketplaceDay } from '../../lambdas/shared/dates';
import type { OrderItem, OrderLine, OrderStatus } from '../../lambdas/sales/model';
import { idTokenFor, signUpVendor, turnOnTotp, useTestStackEnv } from '../support/auth';

/**
 * Sales data written straight into the test stack's DynamoDB Local (not through the ingest): the
 * read side is tested against exactly the items it will find, whatever the ingest does.
 */
let client: DynamoDBDocumentClient | undefined;
const db = () =>
  (client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: inject('stack').dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  ));

export async function putItems(table: TableKey, items: object[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item: Item as Record<string, unknown> } }));
    while (requests.length) {
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [localTableName(table)]: requests } }));
      requests = (out.UnprocessedItems?.[localTableName(table)] ?? []) as typeof requests;
    }
  }
}

export function orderItem(vendorId: string, o: { orderId: string; placedAt: string; status: OrderStatus; lines: Omit<OrderLine, 'productId'>[] }): OrderItem {
  const lines = o.lines.map((l, i) => ({ productId: `P-${i}`, ...l }));
  const totalCents = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  return {
    vendorId,
    orderKey: `${o.placedAt}#${o.orderId}`,
    vendorStatus: `${vendorId}#${o.status}`,
    orderId: o.orderId,
    orderNumber: `GM-${o.orderId}`,
    placedAt: o.placedAt,
    day: marketplaceDay(o.placedAt, 'America/Los_Angeles'),
    status: o.status,
    lines,
    totalCents,
    quantity: lines.reduce((s, l) => s + l.quantity, 0),
    commissionCents: Math.round(totalCents * 0.15),
    netCents: totalCents - Math.round(totalCents * 0.15),
    revision: 1,
    updatedAt: o.placedAt,
  };
}

export interface TestVendor {
  email: string;
  /** Cognito sub: the vendor record's key. */
  userId: string;
  vendorId: string;
  token: string;
}

/** A new approved vendor with its own Cognito user (signed up and reviewed as in production), and an ID token. */
export async function approvedVendor(label: string, vendorName: string): Promise<TestVendor> {
  useTestStackEnv();
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Fresh!Vendor2026';
  await signUpVendor(email, password, vendorName);
  const { reviewVendor } = await import('../../lambdas/vendor/review');
  const { vendor } = await reviewVendor(email, { decision: 'approve' }, 'test');
  return { email, userId: vendor.userId, vendorId: vendor.vendorId!, token: await idTokenFor(email, password) };
}

/**
 * The vendor with two-step sign-in turned on (issue 14: changing the payout method needs it) and a
 * fresh token from a sign-in with the code (the step-up wants one within 5 minutes).
 */
export async function withTwoStep(vendor: TestVendor): Promise<TestVendor> {
  await turnOnTotp(vendor.email, 'Fresh!Vendor2026');
  return { ...vendor, token: await idTokenFor(vendor.email, 'Fresh!Vendor2026') };
}
