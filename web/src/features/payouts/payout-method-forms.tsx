/**
 * The payout-method forms, one lazy chunk (payouts-page.tsx): react-hook-form with the destination
 * schema shared with the server (contracts/payout-destination.ts), and so zod, stay out of the
 * page's first download.
 */
export { BankWizard } from './bank-wizard';
export { EmailMethodForm } from './payout-email-form';
