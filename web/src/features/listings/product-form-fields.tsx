import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import { SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { centsToPriceText, contentToForm, emptyProductForm } from '@contracts/listings/form';
import type { ProductView } from '@contracts/listings/model';
import type { ProductFormValues } from '@contracts/listings/schema';
import { productValueKey, type CodedProductField } from '../../lib/product-labels';

/** The item form's fields and what they share: its sections, its inputs bound to react-hook-form, its error texts. */
export type FieldName = keyof ProductFormValues;

/**
 * The form's values for a product: its working revision, else its live version. Once a product is
 * published its prices are the offer's (changed in Inventory, without review; the server keeps them
 * in a revision whatever the form sends), so the form holds and sends the current offer prices.
 */
export function formValues(product: ProductView | null): ProductFormValues {
  const version = product ? (product.revision ?? product.live) : null;
  const values = version ? contentToForm(version.content) : emptyProductForm();
  if (!product?.live) return values;
  const { priceCents, compareAtCents } = product.offer;
  return { ...values, price: centsToPriceText(priceCents), compareAtPrice: compareAtCents === null ? '' : centsToPriceText(compareAtCents) };
}

/** The first message in a field's error (an array field may carry it per item). */
function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) {
    for (const item of error) {
      const found = firstMessage(item);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  return root ? firstMessage(root) : undefined;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A field's error in the vendor's language: the schema's messages are i18n keys; an unknown one is said generically. */
export function fieldErrorText(errors: FieldErrors<ProductFormValues>, t: TFunction, exists: (key: string) => boolean) {
  return (name: FieldName): string | undefined => {
    const message = firstMessage(errors[name]);
    return message ? (exists(message) ? t(message) : t('listing_error_invalid')) : undefined;
  };
}

/** The inputs of the form, each registered with react-hook-form and showing its field's error. */
export function fieldKit(register: UseFormRegister<ProductFormValues>, errorOf: (name: FieldName) => string | undefined, t: TFunction) {
  const text = (name: FieldName, label: string, extra: { hint?: string; required?: boolean; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextField
      label={label}
      {...register(name)}
      descriptiveText={extra.hint}
      inputMode={extra.inputMode}
      hasError={Boolean(errorOf(name))}
      errorMessage={errorOf(name)}
      isRequired={extra.required}
      autoComplete="off"
      data-testid={`field-${name}`}
    />
  );
  const select = (name: FieldName, label: string, options: readonly (readonly [string, string])[], placeholder = true) => (
    <SelectField label={label} {...register(name)} hasError={Boolean(errorOf(name))} errorMessage={errorOf(name)} data-testid={`field-${name}`}>
      {placeholder && <option value="">{t('select_placeholder')}</option>}
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
  const textArea = (name: FieldName, label: string, hint?: string) => (
    <TextAreaField label={label} rows={4} {...register(name)} descriptiveText={hint} hasError={Boolean(errorOf(name))} errorMessage={errorOf(name)} data-testid={`field-${name}`} />
  );
  const options = <T extends string>(values: readonly T[], field: CodedProductField) => values.map((v) => [v, t(productValueKey(field, v))] as const);
  return { text, select, textArea, options };
}

export type FieldKit = ReturnType<typeof fieldKit>;

/** aria-invalid and the error's id on a choice input (radio, checkbox) while its group has an error. */
export const invalidProps = (error: unknown, id: string) => (error ? { 'aria-invalid': true, 'aria-describedby': id } : {});
