import { zodResolver } from '@hookform/resolvers/zod';
import { productFormSchema, productSubmitSchema } from '@contracts/listings/schema';

/**
 * The item form's two checks, with the API's own schemas (contracts/listings/schema.ts): "Save as
 * draft" checks `productFormSchema`, "Submit for review" `productSubmitSchema`. A module of its own
 * so zod loads after the form has rendered (product-form.tsx imports it lazily).
 */
export const draftResolver = zodResolver(productFormSchema, undefined, { raw: true });
export const submitResolver = zodResolver(productSubmitSchema, undefined, { raw: true });
