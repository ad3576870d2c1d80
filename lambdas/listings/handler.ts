/**
 * The products API (docs/api.md, "Products"): the product lists by tab, the item form's create,
 * read, update, submit and delete, the inventory table and its offer edit. Parse (./validation) →
 * ./product-actions (state changes, conditional writes) → views with signed URLs of the images'
 * renditions.
 */
import * as z from 'zod';
import { callerIdentityId } from '../shared/identity';
import { apiHandler, route, type Reply, type RouteRequest } from '../shared/http';
import { idempotencyOf, replayOf } from '../shared/idempotency';
import type { VendorCaller } from '../shared/auth';
import { imageUrls } from '../shared/image-urls';
import { logger } from '../shared/logger';
import { decodeCursor, encodeCursor, isTabSortKey } from './cursor';
import { cursorParam, inventoryList, inventoryListKey, inventoryQuery, isInventoryKey, limitParam, optionalParam, PAGE_SIZE_DEFAULT, type InventoryQuery } from './inventory';
import { marketplaceDay } from '../shared/dates';
import { PRODUCT_TABS, type InventoryPage, type ProductPage, type ProductView } from '../../contracts/listings/model';
import type { ProductItem } from './product-states';
import { changeProductOffer, createProduct, deleteProduct, ownProduct, saveProduct, submitProduct } from './product-actions';
import type { Actor } from './activity';
import { lowStockSettingsBody, offerSchema, offerVersionSchema } from '../../contracts/listings/schema';
import type { InventorySettings } from '../../contracts/listings/answers';
import { changeLowStockDefault, lowStockDefaultOf, lowStockSettings } from './stock-settings';
import { getProduct, imageChecks, productTabCounts, queryProductTab } from './store';
import type { ImageCheckItem } from '../images/model';
import { FieldValidationError, parseFields, parseProductValues } from './validation';
import { inventoryRow, primaryImageKeys, productView } from './view';

/** Body of POST and PUT: the item form's values, and whether to submit them for review. */
export const productBody = z.strictObject({ values: z.unknown(), submit: z.boolean() });

/** `GET /api/products` query. Unknown parameters are refused; the default tab is Published. */
export const productsQuery = z.strictObject({
  tab: optionalParam(z.enum(PRODUCT_TABS, { message: `must be one of ${PRODUCT_TABS.join(', ')}` })),
  cursor: cursorParam,
  limit: limitParam,
});

/** Field errors (the item form and the offer dialog) are answered with `fields` next to the message. */
function withFieldErrors<B, Q>(handler: (req: RouteRequest<B, Q, VendorCaller>) => Promise<Reply>) {
  return async (req: RouteRequest<B, Q, VendorCaller>): Promise<Reply> => {
    try {
      return await handler(req);
    } catch (err) {
      if (!(err instanceof FieldValidationError)) throw err;
      logger.info('request rejected', { statusCode: 400, code: err.code, fields: err.fields });
      return err.reply();
    }
  };
}

const productId = (params: Record<string, string>) => params.productId ?? '';

/** Who the activity log (issue 14) names for a change: the verified token's user. */
const actorOf = (caller: VendorCaller): Actor => ({ userId: caller.userId, email: caller.email });

/**
 * A replayed create answers with the product it created as it is now, with fresh image URLs (the
 * recorded answer's were signed for an hour); the recorded answer itself once the product is gone.
 */
async function freshReplay(vendorId: string, replay: Reply): Promise<Reply> {
  const recorded = replay.body as Partial<ProductView> | null;
  const item = recorded?.productId ? await getProduct(vendorId, recorded.productId) : null;
  logger.info('product create replayed', { vendorId, productId: recorded?.productId });
  return item ? { ...replay, body: productView(item, await imageUrls()) } : replay;
}

export const handler = apiHandler('listings', {
  'GET /api/products': route({
    access: 'vendor',
    query: productsQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const tab = query.tab ?? 'published';
      const list = `products|${tab}`;
      const after = query.cursor ? decodeCursor(query.cursor, vendorId, list, isTabSortKey) : undefined;
      const page = await queryProductTab(vendorId, tab, { limit: query.limit ?? PAGE_SIZE_DEFAULT, after });
      const urls = await imageUrls();
      const body: ProductPage = {
        items: page.items.map((item) => productView(item, urls)),
        ...(page.lastSort ? { nextCursor: encodeCursor(vendorId, list, page.lastSort) } : {}),
        // Issue 15: how many products each tab holds, from the vendor's counters (no count of the lists).
        counts: await productTabCounts(vendorId),
      };
      return { body };
    },
  }),

  'POST /api/products': route({
    access: 'vendor',
    body: productBody,
    handler: withFieldErrors(async ({ event, body, caller }) => {
      const vendorId = caller.vendor.vendorId;
      const content = parseProductValues(body.values, body.submit);
      // A retry of a create already answered: the same product, not a second one (Idempotency-Key).
      const request = idempotencyOf(event, 'POST /api/products', vendorId, body);
      const replay = await replayOf(request);
      if (replay) return freshReplay(vendorId, replay);
      const identityId = await callerIdentityId(event, caller);
      const urls = await imageUrls();
      const reply = async (item: ProductItem) => ({ statusCode: 201, body: productView(item, urls) });
      const outcome = await createProduct(vendorId, identityId, content, body.submit, new Date(), request ? { request, reply } : null, actorOf(caller));
      if ('replay' in outcome) return freshReplay(vendorId, outcome.replay);
      logger.info('product created', { vendorId: outcome.vendorId, productId: outcome.productId, state: outcome.revision?.state });
      return reply(outcome);
    }),
  }),

  'GET /api/products/{productId}': route({
    access: 'vendor',
    async handler({ params, caller }) {
      const item = await ownProduct(caller.vendor.vendorId, productId(params));
      // The primary images' measurements (issue 15): the item form shows them when the browser cannot measure.
      const keys = primaryImageKeys(item);
      const checks = keys.length ? await imageChecks(keys) : new Map<string, ImageCheckItem>();
      const primary = new Map([...checks].flatMap(([key, check]) => (check.status === 'valid' && check.primary ? [[key, check.primary] as const] : [])));
      return { body: productView(item, await imageUrls(), primary) };
    },
  }),

  'PUT /api/products/{productId}': route({
    access: 'vendor',
    body: productBody,
    handler: withFieldErrors(async ({ event, body, params, caller }) => {
      const content = parseProductValues(body.values, body.submit);
      const identityId = await callerIdentityId(event, caller);
      const item = await saveProduct(caller.vendor.vendorId, productId(params), identityId, content, body.submit, new Date(), actorOf(caller));
      logger.info('product saved', { vendorId: item.vendorId, productId: item.productId, state: item.revision?.state });
      return { body: productView(item, await imageUrls()) };
    }),
  }),

  'POST /api/products/{productId}/submit': route({
    access: 'vendor',
    handler: withFieldErrors(async ({ event, params, caller }) => {
      // The product is looked up first, so another vendor's id is a 404 before anything else.
      await ownProduct(caller.vendor.vendorId, productId(params));
      const item = await submitProduct(caller.vendor.vendorId, productId(params), await callerIdentityId(event, caller), new Date(), actorOf(caller));
      logger.info('product submitted', { vendorId: item.vendorId, productId: item.productId });
      return { body: productView(item, await imageUrls()) };
    }),
  }),

  'DELETE /api/products/{productId}': route({
    access: 'vendor',
    async handler({ params, caller }) {
      const remaining = await deleteProduct(caller.vendor.vendorId, productId(params));
      logger.info(remaining ? 'product revision discarded' : 'product deleted', { vendorId: caller.vendor.vendorId, productId: productId(params) });
      return remaining ? { body: productView(remaining, await imageUrls()) } : { statusCode: 204 };
    },
  }),

  'PATCH /api/products/{productId}/offer': route({
    access: 'vendor',
    body: z.unknown(),
    handler: withFieldErrors(async ({ body, params, caller }) => {
      // 404 before 400: whether a body is acceptable says nothing about another vendor's product.
      await ownProduct(caller.vendor.vendorId, productId(params));
      const offer = parseFields(offerSchema, body, 'The body');
      const { version } = parseFields(offerVersionSchema, body, 'The body');
      const now = new Date();
      // "Out of stock until" names a day still to come in the marketplace (the restock run brings it back then).
      if (offer.restockOn !== undefined && offer.restockOn <= marketplaceDay(now)) throw new FieldValidationError({ restockOn: 'listing_error_restock_past' });
      const item = await changeProductOffer(caller.vendor.vendorId, productId(params), offer, now, version, actorOf(caller));
      logger.info('offer changed', { vendorId: item.vendorId, productId: item.productId });
      return { body: productView(item, await imageUrls()) };
    }),
  }),

  'GET /api/inventory': route({
    access: 'vendor',
    query: inventoryQuery,
    async handler({ query, caller }) {
      const vendorId = caller.vendor.vendorId;
      const search: InventoryQuery = { q: query.q ?? '', sort: query.sort ?? 'name', order: query.order ?? 'asc', stock: query.stock };
      const list = inventoryListKey(search);
      const after = query.cursor ? decodeCursor(query.cursor, vendorId, list, isInventoryKey) : undefined;
      const slice = await inventoryList(vendorId, search, { limit: query.limit ?? PAGE_SIZE_DEFAULT, after });
      const [urls, lowStockDefault] = await Promise.all([imageUrls(), lowStockDefaultOf(vendorId)]);
      const body: InventoryPage = {
        items: slice.rows.map((row) => inventoryRow(row, urls, lowStockDefault)),
        ...(slice.total !== undefined ? { total: slice.total } : {}),
        ...(slice.lastKey ? { nextCursor: encodeCursor(vendorId, list, slice.lastKey) } : {}),
      };
      return { body };
    },
  }),

  'GET /api/inventory/settings': route({
    access: 'vendor',
    async handler({ caller }) {
      const body: InventorySettings = await lowStockSettings(caller.vendor.vendorId);
      return { body };
    },
  }),

  'PUT /api/inventory/settings': route({
    access: 'vendor',
    body: lowStockSettingsBody,
    async handler({ body, caller }) {
      // 409 low_stock_default_changed when the default is no longer the one the vendor saw; the re-check
      // of the products following it runs in the background (issue 16), the answer says `running`.
      const answer: InventorySettings = await changeLowStockDefault(caller.vendor.vendorId, body.lowStockDefault, body.expected);
      return { body: answer };
    },
  }),
});
