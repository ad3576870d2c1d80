/**
 * The ops console's Product review screen (issue 13, /admin/reviews): the queue of products submitted
 * for review, one submission beside the live version, and the decision. Declared once for the server
 * (lambdas/admin/reviews-handler.ts) and the web (web/src/features/admin/reviews). Plain zod; imports
 * nothing of the project but zod-free lists of codes (units, image-check reasons, primary-image rules).
 * Coded values travel as their codes (a product type, a unit, 'yes'/'no', a country): the console
 * names them as the vendor's form does (web/src/lib/product-labels.ts), so no code reaches the screen.
 */
import * as z from 'zod';
import { REVIEW_NOTE_MAX, REVIEW_REASON_MAX, REVIEW_REASONS_MAX } from './admin-values';
import { IMAGE_REJECTION_REASONS } from './images';
import { LENGTH_UNITS, VOLUME_UNITS, WEIGHT_UNITS } from './listings/form';
import { REJECTION_REASONS } from './listings/model';
import { PRIMARY_IMAGE_RULES } from './primary-image';

const instant = z.iso.datetime();

/** One product waiting for review, as the queue lists it. */
export const reviewQueueItemSchema = z.strictObject({
  productId: z.string(),
  vendorId: z.string(),
  /** The vendor's business name ('' when the vendor record could not be found). */
  vendorName: z.string(),
  sku: z.string(),
  /** The names as submitted (the revision's), both languages. */
  nameEn: z.string(),
  nameZh: z.string(),
  /** When the vendor submitted it: the queue is oldest first. */
  submittedAt: instant,
  /** True: an update of a published product (its live version stays until approval); false: a new product. */
  update: z.boolean(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** `GET /api/admin/reviews` (docs/api.md): oldest submission first, cursor-paged. */
export const reviewQueuePageSchema = z.strictObject({
  items: z.array(reviewQueueItemSchema),
  nextCursor: z.string().nullable(),
  /** When the page was read (UTC ISO-8601): ages are measured from it. */
  generatedAt: instant,
});
export type ReviewQueuePage = z.infer<typeof reviewQueuePageSchema>;

/** The fields the review page compares, in its order; the console translates each (admin_review_field_<field>). */
export const REVIEW_FIELDS = [
  'nameEn',
  'nameZh',
  'barcode',
  'productType',
  'unitOfMeasure',
  'unitQuantity',
  'description',
  'ingredients',
  'hasAllergens',
  'allergens',
  'countryOfOrigin',
  'price',
  'compareAtPrice',
  'weight',
  'volume',
  'dimensions',
] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** A measurement as entered: one amount (weight, volume) or length × width × height (null: not given), and its unit's code. */
export const reviewMeasureSchema = z.strictObject({
  amounts: z.array(z.number().nullable()).min(1),
  unit: z.enum([...WEIGHT_UNITS, ...VOLUME_UNITS, ...LENGTH_UNITS]),
});
export type ReviewMeasure = z.infer<typeof reviewMeasureSchema>;

/** A field's value: text or a code, money in integer cents (price fields), a list (allergens), a measurement, or not given. */
export const reviewValueSchema = z.union([z.string(), z.number().int(), z.array(z.string()), reviewMeasureSchema, z.null()]);
export type ReviewValue = z.infer<typeof reviewValueSchema>;

export const reviewFieldRowSchema = z.strictObject({
  field: z.enum(REVIEW_FIELDS),
  /** 'money': integer cents; 'list': strings; 'measure': a ReviewMeasure; 'text': a string ('' or null = not given). */
  kind: z.enum(['text', 'money', 'list', 'measure']),
  submitted: reviewValueSchema,
  /** The live version's value (null for a new product). */
  live: reviewValueSchema,
  /** Only for an update: the submitted value differs from the live one. */
  changed: z.boolean(),
});
export type ReviewFieldRow = z.infer<typeof reviewFieldRowSchema>;

/** What the primary-image rules measured (contracts/primary-image.ts, issue 15). */
export const primaryImageCheckSchema = z.strictObject({
  problems: z.array(z.enum(PRIMARY_IMAGE_RULES)),
  aspectRatio: z.number(),
  whiteShare: z.number().nullable(),
  fill: z.number(),
  /** Marks beside the product (issue 24): a flag for the reviewer. Absent from a check recorded before it. */
  marks: z.boolean().optional(),
});

/** What the image check (lambdas/images) recorded for an image: valid, rejected with its reason, or nothing yet. */
export const reviewImageCheckSchema = z.strictObject({
  status: z.enum(['valid', 'rejected', 'unchecked']),
  /** Why a rejected image was deleted (contracts/images.ts); null otherwise. */
  reason: z.enum(IMAGE_REJECTION_REASONS).nullable(),
  /**
   * The primary-image rules' measurement of a valid image (issue 15): advice for the reviewer, the
   * automatic part of spec §5 (text, logos and watermarks are theirs to see). Missing when the file
   * was not measured (a BMP, a file sharp cannot decode, a check recorded before the rules).
   */
  primary: primaryImageCheckSchema.optional(),
});

export const reviewImageSchema = z.strictObject({
  key: z.string(),
  /** Signed, relative URL of its display size (1,200 px; issue 23: a rendition served by CloudFront), what the screen shows. */
  url: z.string(),
  /** The display size's pixels, when the image check recorded them (the screen reserves the space). */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** Short-lived signed GET URL of the upload itself (up to 5 MB), for "open full size" only. */
  originalUrl: z.string(),
  check: reviewImageCheckSchema,
});
export type ReviewImage = z.infer<typeof reviewImageSchema>;

/** Who decided the product's last submission, and what (409 product_already_reviewed shows it). */
export const lastReviewSchema = z.strictObject({
  decision: z.enum(['approve', 'reject', 'request_changes']),
  by: z.string(),
  at: instant,
  submittedAt: instant,
});
export type LastReviewView = z.infer<typeof lastReviewSchema>;

/** `GET /api/admin/reviews/{productId}` (docs/api.md). */
export const productReviewSchema = z.strictObject({
  productId: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  sku: z.string(),
  /** 'pending' while the submission awaits review; otherwise where the product stands now. */
  state: z.enum(['pending', 'draft', 'rejected', 'published']),
  /** The submission under review (null when nothing is pending). */
  submittedAt: instant.nullable(),
  update: z.boolean(),
  fields: z.array(reviewFieldRowSchema),
  images: z.strictObject({
    submitted: z.array(reviewImageSchema),
    live: z.array(reviewImageSchema),
    /** Only for an update: the images (their keys, in order) differ from the live ones. */
    changed: z.boolean(),
  }),
  nutritionLabel: z.strictObject({
    submitted: reviewImageSchema.nullable(),
    live: reviewImageSchema.nullable(),
    changed: z.boolean(),
  }),
  lastReview: lastReviewSchema.nullable(),
  /** The next product in the queue after this one (oldest first), null when this is the last. */
  nextProductId: z.string().nullable(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** Reasons and messages: as long as the domain accepts (contracts/admin-values.ts). */
export { REVIEW_NOTE_MAX, REVIEW_REASON_MAX, REVIEW_REASONS_MAX };

/** REJECTION_REASONS codes and/or free text; at least one. */
const reviewReasons = z.array(z.string().trim().min(1).max(REVIEW_REASON_MAX)).min(1).max(REVIEW_REASONS_MAX);
/** What the vendor is asked to change. */
const reviewNote = z.string().trim().min(1).max(REVIEW_NOTE_MAX);

/** `POST /api/admin/reviews/{productId}/decision`: the decision on the submission the reviewer saw. */
export const reviewDecisionBodySchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approve'), submittedAt: instant }),
  z.strictObject({ decision: z.literal('reject'), submittedAt: instant, reasons: reviewReasons }),
  z.strictObject({ decision: z.literal('request_changes'), submittedAt: instant, note: reviewNote }),
]);
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBodySchema>;

/**
 * The console's reject dialog: the known reasons ticked (in REJECTION_REASONS' order) and the free text
 * as one reason more, checked as the decision's `reasons`; none at all is an error on `text`.
 */
export const reviewRejectFormSchema = z
  .strictObject({ codes: z.array(z.enum(REJECTION_REASONS)), text: z.string().trim().max(REVIEW_REASON_MAX) })
  .refine((form) => form.codes.length > 0 || form.text !== '', { message: 'admin_review_reject_needs_reason', path: ['text'] })
  .transform((form) => ({ reasons: [...REJECTION_REASONS.filter((code) => form.codes.includes(code)), ...(form.text ? [form.text] : [])] }))
  .pipe(z.strictObject({ reasons: reviewReasons }));

/** The console's request-changes dialog: the note, checked as the decision's (the dialog says "needs a note" for any problem). */
export const reviewChangesFormSchema = z.strictObject({ note: reviewNote });

/** The decision's answer: the product's new state and the next product to review. */
export const reviewDecisionAnswerSchema = z.strictObject({
  productId: z.string(),
  decision: z.enum(['approve', 'reject', 'request_changes']),
  state: z.enum(['pending', 'draft', 'rejected', 'published']),
  nextProductId: z.string().nullable(),
});
export type ReviewDecisionAnswer = z.infer<typeof reviewDecisionAnswerSchema>;
