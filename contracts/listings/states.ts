/** A product's review states and the product lists' tabs (zod-free: model.ts and answers.ts both use them). */
export const REVISION_STATES = ['draft', 'pending', 'rejected'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];

/** The tabs of the product lists; `draft` holds work saved but never submitted. */
export const PRODUCT_TABS = ['published', 'pending', 'rejected', 'draft'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];
