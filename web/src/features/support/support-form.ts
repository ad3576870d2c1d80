import { zodResolver } from '@hookform/resolvers/zod';
import type { KeyboardEvent } from 'react';
import * as z from 'zod';
import { SUPPORT_MESSAGE_MAX, supportCaseBody } from '@contracts/support/schema';

/**
 * The server's body schema (POST /api/support, contracts/support/schema.ts) for the two fields the vendor
 * fills: its message rule as it is, its category list with the blank 'Choose one' the select starts on.
 */
export const supportFormSchema = supportCaseBody.pick({ message: true }).extend({
  category: z.union([supportCaseBody.shape.category, z.literal('')]).refine((value) => value !== '', 'please_select_category'),
});
export type SupportFormValues = z.input<typeof supportFormSchema>;

/** A kept draft (lib/form-draft.ts): the two fields as they may stand while typed, read back at the storage boundary. */
export const draftSchema = z.strictObject({ category: z.union([supportCaseBody.shape.category, z.literal('')]), message: z.string().max(SUPPORT_MESSAGE_MAX) });

/** The issue code of each field's first problem, for the values as they stand. */
export function fieldProblems(values: SupportFormValues): Partial<Record<keyof SupportFormValues, string>> {
  const out: Partial<Record<keyof SupportFormValues, string>> = {};
  for (const issue of supportFormSchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as keyof SupportFormValues;
    out[field] ??= issue.code;
  }
  return out;
}

export const resolver = zodResolver(supportFormSchema, undefined, { raw: true });

/** Enter without Shift sends (spec §2), but not while an input method is composing (zh-TW typing confirms candidates with Enter). */
export const isSendKey = (event: KeyboardEvent) => event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && event.keyCode !== 229;
