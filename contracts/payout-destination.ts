/**
 * The payout destination as one zod schema, shared by the server (destination.ts, PUT /api/payout-method)
 * and the web's payout forms (web/src/features/payouts: the e-mail form and the bank wizard, through
 * react-hook-form's zodResolver). The rules are bank-rules.ts' and contracts/email.ts'; each problem is an
 * issue on its field (the wizard's flat field names) whose message is a code, not a sentence: the
 * server turns it into its English message and error code, the web into the vendor's language.
 */
import * as z from 'zod';
import { isEmail } from './email';
import { bankStepProblems, type BankField, type BankFieldProblem, type BankStep } from './bank-rules';

/** The e-mail destination: a valid address (trimmed); the problem code is the API's error code. */
export const emailDestinationSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((value) => isEmail(value), 'invalid_email'),
});
export type EmailDestinationInput = z.input<typeof emailDestinationSchema>;

const text = z.string().optional();

const field = z.optional(z.string().max(200));

/**
 * `PUT /api/payout-method`'s body, one declaration for both sides (issue 25): the server parses it
 * (lambdas/payouts/method-handler.ts; the rules and their messages are destination.ts'), the web's
 * forms send `PayoutMethodBody` (web/src/features/payouts/api/update-payout-method.ts). Shape only.
 */
export const payoutMethodBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('email'), email: z.optional(z.string().max(254)) }),
  z.strictObject({
    method: z.literal('bank'),
    accountType: field,
    country: field,
    currency: field,
    business: z.optional(z.strictObject({ phone: field, street: field, addressMore: field, city: field, postalCode: field, country: field })),
    bankName: field,
    accountHolderName: field,
    accountNumber: z.optional(z.string().max(64)),
    swiftBic: z.optional(z.string().max(20)),
    confirmed: z.optional(z.boolean()),
  }),
]);
export type PayoutMethodBody = z.input<typeof payoutMethodBodySchema>;

/** The bank wizard's values, flat (the API's body nests the business address; destination.ts flattens it). */
export const bankFieldsSchema = z.object({
  accountType: text,
  country: text,
  currency: text,
  phone: text,
  street: text,
  addressMore: text,
  city: text,
  postalCode: text,
  businessCountry: text,
  bankName: text,
  accountHolderName: text,
  accountNumber: text,
  swiftBic: text,
  confirmed: z.boolean().optional(),
});

/** One wizard step's checks (bank-rules.ts `bankStepProblems`): an issue per wrong field, its message the `BankFieldProblem`. */
export function bankStepSchema(step: BankStep) {
  return bankFieldsSchema.superRefine((fields, ctx) => {
    for (const [field, problem] of Object.entries(bankStepProblems(step, fields))) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  });
}

/** The problems a parse of `bankStepSchema` found, by field (a value of the wrong type is `required`). */
export function bankIssues(issues: readonly z.core.$ZodIssue[]): Partial<Record<BankField, BankFieldProblem>> {
  const out: Partial<Record<BankField, BankFieldProblem>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as BankField;
    out[field] ??= issue.code === 'custom' ? (issue.message as BankFieldProblem) : 'required';
  }
  return out;
}
