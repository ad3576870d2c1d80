/**
 * The activity log entries of product changes (issue 14; lambdas/activity/record.ts): built from the
 * item as read and the item about to be written, and added to that write's own transaction, so a
 * change that loses its condition (a concurrent edit, retried) records nothing and the retry records
 * what it really changed.
 */
import { activityWrite, type ActivityEvent, type ActivityValue, type TransactWriteItem } from '../activity/record';
import type { ActivityAction } from '../../contracts/activity';
import type { ProductItem } from './product-states';

/** Who acts: the signed-in user (Cognito sub and e-mail from the verified token). */
export interface Actor {
  userId: string;
  email: string;
}

/** How the log names a product: its name as shoppers see it (English, else Chinese), else its SKU. */
export const productLabel = (item: Pick<ProductItem, 'nameEn' | 'nameZh' | 'sku'>): string => item.nameEn || item.nameZh || item.sku;

const target = (item: ProductItem) => ({ type: 'product', id: item.productId, label: productLabel(item) });

/** The product went to review (submit, or a create or save with `submit`). */
export function submittedActivity(item: ProductItem, actor: Actor, at: Date): TransactWriteItem {
  return activityWrite({ vendorId: item.vendorId, actor, action: 'product.submitted', target: target(item), at });
}

/** The offer's fields the log follows, each with its action. */
const OFFER_FIELDS: readonly { field: 'priceCents' | 'compareAtCents' | 'inventory' | 'outOfStock'; action: ActivityAction }[] = [
  { field: 'priceCents', action: 'product.price_changed' },
  { field: 'compareAtCents', action: 'product.price_changed' },
  { field: 'inventory', action: 'product.stock_changed' },
  { field: 'outOfStock', action: 'product.stock_changed' },
];

/**
 * One entry per offer field that changes from `before` to `after` (price and compare-at price:
 * `product.price_changed`, in integer cents, a removed compare-at price as null; inventory and out of
 * stock: `product.stock_changed`); none when nothing changed. `via`: the bulk job that makes the
 * change (its apply or undo), absent for a single edit.
 */
export function offerActivity(before: ProductItem, after: ProductItem, actor: Actor, at: Date, via?: ActivityEvent['via']): TransactWriteItem[] {
  const writes: TransactWriteItem[] = [];
  for (const { field, action } of OFFER_FIELDS) {
    const was: ActivityValue = before[field] ?? null;
    const is: ActivityValue = after[field] ?? null;
    if (was === is) continue;
    writes.push(activityWrite({ vendorId: after.vendorId, actor, action, target: target(after), before: { [field]: was }, after: { [field]: is }, at, ...(via ? { via } : {}) }));
  }
  return writes;
}
