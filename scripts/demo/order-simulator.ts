import { createHash, randomInt } from 'node:crypto';
import { seededRandom } from './random';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ORDER_DETAIL_TYPES, ORDER_EVENT_SOURCE, type OrderDetailType, type OrderSnapshot } from '../../contracts/order-events';
import { ORDER_STATUSES, type OrderLine, type OrderStatus } from '../../lambdas/sales/model';
import { dynamo } from '../../lambdas/shared/clients';
import { addDays, marketplaceDay, MARKETPLACE_TIME_ZONE, startOfDay } from '../../lambdas/shared/dates';
import { tableName } from '../../lambdas/shared/tables';
import { putEvents, type PutEventsEntry } from '../local/events';

/**
 * Realistic marketplace order events for the local portal (`npm run orders:simulate`, and the demo
 * seed): grocery orders of 1–4 lines spread over the last days in the marketplace zone, in every
 * status, with the events the marketplace would send (placed, then paid, fulfilled or cancelled),
 * published through the local bus to the same ingest handler the Lambda runs.
 */

/** A bilingual grocery catalogue, as Taiwanese vendors on the marketplace list their goods. */
export const CATALOGUE: readonly { zh: string; en: string; sku: string; priceCents: number }[] = [
  { zh: '台灣高山烏龍茶', en: 'Taiwan High Mountain Oolong Tea', sku: 'TEA-OOL-150', priceCents: 1899 },
  { zh: '阿里山金萱茶', en: 'Alishan Jin Xuan Milk Oolong', sku: 'TEA-JXN-100', priceCents: 1650 },
  { zh: '日月潭紅玉紅茶', en: 'Sun Moon Lake Ruby Black Tea', sku: 'TEA-RBY-075', priceCents: 1450 },
  { zh: '冬瓜茶磚', en: 'Winter Melon Tea Bricks', sku: 'TEA-WML-500', priceCents: 429 },
  { zh: '黑糖薑母茶', en: 'Brown Sugar Ginger Tea', sku: 'TEA-GNG-180', priceCents: 749 },
  { zh: '桂圓紅棗茶', en: 'Longan and Red Date Tea', sku: 'TEA-LRD-240', priceCents: 999 },
  { zh: '鳳梨酥禮盒', en: 'Pineapple Cake Gift Box (12 pcs)', sku: 'BAK-PIN-012', priceCents: 2450 },
  { zh: '芋頭酥', en: 'Taro Pastry (6 pcs)', sku: 'BAK-TAR-006', priceCents: 1199 },
  { zh: '花生牛軋糖', en: 'Peanut Milk Nougat', sku: 'SWT-NOU-200', priceCents: 699 },
  { zh: '台南愛文芒果乾', en: 'Tainan Irwin Dried Mango', sku: 'FRT-MNG-150', priceCents: 899 },
  { zh: '話梅', en: 'Preserved Plums', sku: 'FRT-PLM-200', priceCents: 529 },
  { zh: '池上米 5公斤', en: 'Chishang Rice 5 kg', sku: 'GRN-RIC-5KG', priceCents: 2199 },
  { zh: '新竹米粉', en: 'Hsinchu Rice Vermicelli', sku: 'NDL-VRM-300', priceCents: 389 },
  { zh: '關廟麵', en: 'Guanmiao Sun-dried Noodles', sku: 'NDL-GMN-900', priceCents: 629 },
  { zh: '手工麵線', en: 'Handmade Misua Noodles', sku: 'NDL-MSU-600', priceCents: 549 },
  { zh: '黑豆醬油', en: 'Black Bean Soy Sauce', sku: 'SAU-SOY-500', priceCents: 899 },
  { zh: '純黑麻油', en: 'Pure Black Sesame Oil', sku: 'SAU-SES-250', priceCents: 1099 },
  { zh: '沙茶醬', en: 'Sha Cha Barbecue Sauce', sku: 'SAU-SCH-250', priceCents: 499 },
  { zh: '辣豆瓣醬', en: 'Spicy Broad Bean Paste', sku: 'SAU-DBJ-460', priceCents: 459 },
  { zh: '干貝XO醬', en: 'XO Scallop Sauce', sku: 'SAU-XOS-180', priceCents: 1899 },
  { zh: '豆腐乳', en: 'Fermented Tofu', sku: 'SAU-TOF-300', priceCents: 399 },
  { zh: '乾香菇', en: 'Dried Shiitake Mushrooms', sku: 'DRY-SHI-150', priceCents: 1299 },
  { zh: '豬肉鬆', en: 'Pork Floss', sku: 'DRY-FLS-250', priceCents: 899 },
  { zh: '烏魚子', en: 'Grey Mullet Roe (Karasumi)', sku: 'DRY-MUL-120', priceCents: 4999 },
  { zh: '珍珠粉圓', en: 'Tapioca Pearls', sku: 'DRY-TAP-600', priceCents: 349 },
  { zh: '有機豆漿粉', en: 'Organic Soy Milk Powder', sku: 'DRY-SOY-500', priceCents: 1149 },
  { zh: '茶葉蛋滷包', en: 'Tea Egg Spice Pack', sku: 'SPC-TEG-010', priceCents: 299 },
  { zh: '五香粉', en: 'Five-Spice Powder', sku: 'SPC-FIV-060', priceCents: 359 },
];

export interface SimulationOptions {
  vendorId: string;
  count: number;
  /** Orders are placed over the last `days` marketplace days, today included. */
  days: number;
  /** Same seed and `now` → the same events. */
  seed?: number;
  now?: Date;
  timeZone?: string;
}

export interface SimulatedOrder {
  /** The final state. */
  snapshot: OrderSnapshot;
  /** The events the marketplace sends for it, oldest first. */
  events: { detailType: OrderDetailType; time: Date; detail: OrderSnapshot }[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function pickWeighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** Recent orders are still moving; older ones are mostly delivered. About one in seven is cancelled. */
function finalStatusFor(random: () => number, ageMs: number): OrderStatus {
  if (ageMs < 24 * HOUR) return pickWeighted(random, [['pending', 35], ['paid', 35], ['fulfilled', 15], ['cancelled', 15]]);
  if (ageMs < 72 * HOUR) return pickWeighted(random, [['pending', 10], ['paid', 35], ['fulfilled', 40], ['cancelled', 15]]);
  return pickWeighted(random, [['pending', 2], ['paid', 8], ['fulfilled', 75], ['cancelled', 15]]);
}

/**
 * Orders for one vendor. When there are enough of them, the first four are placed today, the next
 * four earlier this week and four more earlier in the period, one per status each time, so every
 * period of the dashboard and every status filter has something to show; the rest are random.
 */
export function simulateOrders(opts: SimulationOptions): SimulatedOrder[] {
  const now = opts.now ?? new Date();
  const timeZone = opts.timeZone ?? MARKETPLACE_TIME_ZONE;
  const seed = opts.seed ?? randomInt(2 ** 31);
  const random = seededRandom(seed);
  const today = marketplaceDay(now, timeZone);
  const days = Math.max(1, opts.days);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  /** A time on the local day `daysAgo` before today, mostly during shopping hours, never after now. */
  const placedTime = (daysAgo: number): Date => {
    const start = startOfDay(addDays(today, -daysAgo), timeZone).getTime();
    const end = daysAgo === 0 ? now.getTime() : startOfDay(addDays(today, -daysAgo + 1), timeZone).getTime();
    const shopping = start + 7 * HOUR + random() * 16 * HOUR;
    const t = random() < 0.85 && shopping < end ? shopping : start + random() * (end - start);
    return new Date(Math.max(start, Math.min(Math.floor(t / 1000) * 1000, end - 1000)));
  };

  const orders: SimulatedOrder[] = [];
  for (let i = 0; i < opts.count; i += 1) {
    const group = Math.floor(i / ORDER_STATUSES.length);
    const guaranteed = group < 3 ? ORDER_STATUSES[i % ORDER_STATUSES.length]! : null;
    let daysAgo: number;
    if (group === 0) daysAgo = 0;
    else if (group === 1 && days > 1) daysAgo = int(1, Math.min(6, days - 1));
    else if (group === 2 && days > 7) daysAgo = int(7, days - 1);
    else daysAgo = int(0, days - 1);
    const placedAt = placedTime(daysAgo);
    const status = guaranteed ?? finalStatusFor(random, now.getTime() - placedAt.getTime());

    const lineCount = pickWeighted(random, [[1, 45], [2, 30], [3, 15], [4, 10]]);
    const products = new Set<number>();
    while (products.size < lineCount) products.add(int(0, CATALOGUE.length - 1));
    const lines: OrderLine[] = [...products].map((p) => {
      const item = CATALOGUE[p]!;
      return {
        productId: `P-${opts.vendorId.slice(2)}-${String(p + 1).padStart(3, '0')}`,
        sku: item.sku,
        name: `${item.zh} ${item.en}`,
        quantity: pickWeighted(random, [[1, 50], [2, 25], [3, 12], [4, 6], [6, 4], [12, 3]]),
        unitPriceCents: item.priceCents,
      };
    });

    const hash = createHash('sha256').update(`${opts.vendorId}:${seed}:${now.getTime()}:${i}`).digest('hex');
    const base = {
      orderId: `mo_${hash.slice(0, 20)}`,
      orderNumber: `MO-${marketplaceDay(placedAt, timeZone).replace(/-/g, '')}-${String(parseInt(hash.slice(20, 28), 16) % 100_000).padStart(5, '0')}`,
      vendorId: opts.vendorId,
      placedAt: placedAt.toISOString(),
      lines,
    };

    // The path to the final status, each step a little after the previous one, never after now.
    const path: OrderStatus[] =
      status === 'pending' ? ['pending']
      : status === 'paid' ? ['pending', 'paid']
      : status === 'fulfilled' ? ['pending', 'paid', 'fulfilled']
      : random() < 0.5 ? ['pending', 'cancelled']
      : ['pending', 'paid', 'cancelled'];
    const gaps: Record<OrderStatus, [number, number]> = { pending: [0, 0], paid: [2 * MINUTE, 90 * MINUTE], fulfilled: [3 * HOUR, 48 * HOUR], cancelled: [10 * MINUTE, 24 * HOUR] };
    let t = placedAt.getTime();
    const events = path.map((s, step) => {
      const [min, max] = gaps[s];
      const wanted = t + min + random() * (max - min);
      // Squeeze the steps of a recent order into the time there has been since it was placed.
      t = Math.floor(wanted < now.getTime() ? wanted : t + (now.getTime() - t) * (0.3 + 0.4 * random()));
      const detail: OrderSnapshot = { ...base, status: s, revision: step + 1, lines: base.lines.map((l) => ({ ...l })) };
      return { detailType: step === 0 ? ORDER_DETAIL_TYPES[0] : ORDER_DETAIL_TYPES[1], time: new Date(t), detail };
    });
    orders.push({ snapshot: events[events.length - 1]!.detail, events });
  }
  return orders;
}

export interface SimulationSummary {
  orders: number;
  events: number;
  byStatus: Record<OrderStatus, number>;
  applied: number;
  unchanged: number;
  rejected: number;
  failed: number;
}

/** Publishes the orders' events in the order they happened, through the local bus, and counts the outcomes. */
export async function publishSimulatedOrders(orders: readonly SimulatedOrder[]): Promise<SimulationSummary> {
  const entries: (PutEventsEntry & { at: number })[] = orders
    .flatMap((o) => o.events)
    .map((e) => ({ Source: ORDER_EVENT_SOURCE, DetailType: e.detailType, Detail: JSON.stringify(e.detail), Time: e.time, at: e.time.getTime() }))
    .sort((a, b) => a.at - b.at);
  const results = await putEvents(entries);
  const summary: SimulationSummary = {
    orders: orders.length,
    events: entries.length,
    byStatus: { pending: 0, paid: 0, fulfilled: 0, cancelled: 0 },
    applied: 0,
    unchanged: 0,
    rejected: 0,
    failed: 0,
  };
  for (const o of orders) summary.byStatus[o.snapshot.status] += 1;
  for (const r of results) {
    if ('failed' in r) summary.failed += 1;
    else if ('result' in r) {
      const outcome = (r.result as { outcome?: string } | undefined)?.outcome;
      if (outcome === 'applied') summary.applied += 1;
      else if (outcome === 'rejected') summary.rejected += 1;
      else summary.unchanged += 1;
    }
  }
  return summary;
}

/** When the vendor's newest order was placed (one key-only read), or null without orders. */
export async function newestOrderPlacedAt(vendorId: string): Promise<string | null> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('orders'),
      KeyConditionExpression: 'vendorId = :v',
      ExpressionAttributeValues: { ':v': vendorId },
      ScanIndexForward: false,
      Limit: 1,
      ProjectionExpression: 'orderKey',
    }),
  );
  const key = out.Items?.[0]?.orderKey as string | undefined;
  return key ? key.slice(0, key.indexOf('#')) : null;
}
