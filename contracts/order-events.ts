import * as z from 'zod';
import { ORDER_STATUSES } from './orders';

/**
 * The marketplace's order events (docs/events.md): EventBridge events whose `detail` is a full
 * snapshot of the order. The CDK rule (lib/sales.ts) and the local event router
 * (scripts/local/events.ts) match on these constants; the ingest Lambda parses with these schemas.
 */
export const ORDER_EVENT_SOURCE = 'marketplace.orders';
export const ORDER_DETAIL_TYPES = ['order.placed', 'order.status_changed'] as const;
export type OrderDetailType = (typeof ORDER_DETAIL_TYPES)[number];

/** The bus the marketplace publishes to, per stage. */
export const marketplaceBusName = (stage: string): string => `seller-portal-marketplace-${stage}`;

/** Bounds that keep every total an exact integer (100 lines × 10,000 × USD 100,000 < 2^53 cents). */
export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 10_000;
export const MAX_UNIT_PRICE_CENTS = 10_000_000;

/** Printable ASCII without spaces or `#` (ids end up in `placedAt#orderId` keys). */
const OPAQUE_ID = /^[\x21\x22\x24-\x7e]+$/;
const opaqueId = (max: number) => z.string().min(1).max(max).regex(OPAQUE_ID, 'must be printable ASCII without spaces or #');

export const VENDOR_ID_PATTERN = /^V-\d{1,12}$/;

export const orderLineSchema = z.object({
  productId: opaqueId(128),
  sku: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(300),
  quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
  unitPriceCents: z.int().min(0).max(MAX_UNIT_PRICE_CENTS),
});

/**
 * The order as the marketplace sees it after the change the event announces. Unknown fields are
 * dropped (the marketplace may add some); `placedAt` is normalised to `toISOString()` form so that
 * `placedAt#orderId` keys sort by time whatever precision the marketplace sends.
 */
export const orderSnapshotSchema = z.object({
  orderId: opaqueId(128),
  orderNumber: z.string().trim().min(1).max(64),
  vendorId: z.string().regex(VENDOR_ID_PATTERN, 'must look like V-10001'),
  placedAt: z.iso.datetime({ error: 'must be an ISO-8601 UTC time such as 2026-03-08T09:30:00Z' }).transform((s) => new Date(s).toISOString()),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineSchema).min(1).max(MAX_ORDER_LINES),
  revision: z.int().min(1),
});
export type OrderSnapshot = z.infer<typeof orderSnapshotSchema>;

/** The EventBridge envelope around a snapshot (fields EventBridge adds that we do not use are allowed). */
export const orderEventSchema = z
  .object({
    id: z.string().min(1),
    source: z.literal(ORDER_EVENT_SOURCE),
    'detail-type': z.enum(ORDER_DETAIL_TYPES),
    time: z.string().optional(),
    detail: orderSnapshotSchema,
  })
  .superRefine((event, ctx) => {
    const { revision } = event.detail;
    if (event['detail-type'] === 'order.placed' && revision !== 1) {
      ctx.addIssue({ code: 'custom', path: ['detail', 'revision'], message: 'order.placed must carry revision 1' });
    }
    if (event['detail-type'] === 'order.status_changed' && revision < 2) {
      ctx.addIssue({ code: 'custom', path: ['detail', 'revision'], message: 'order.status_changed must carry a revision of 2 or more' });
    }
  });
export type OrderEvent = z.infer<typeof orderEventSchema>;

export type ParsedOrderEvent = { ok: true; event: OrderEvent } | { ok: false; message: string };

/** Parses an incoming event; the message names every problem (`detail.lines.0.quantity: ...`). */
export function parseOrderEvent(input: unknown): ParsedOrderEvent {
  const result = orderEventSchema.safeParse(input);
  if (result.success) return { ok: true, event: result.data };
  const message = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return { ok: false, message };
}
