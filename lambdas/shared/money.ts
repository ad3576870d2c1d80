/**
 * Money rules shared by the dashboard, the payouts and the web. Amounts are integer cents (USD);
 * they are formatted only at the edge (Intl.NumberFormat in the web, plain decimals in CSV).
 */

/** Below this balance a payout run pays nothing and the balance rolls over (USD 50.00). */
export const MINIMUM_PAYOUT_CENTS = 5_000;

/** `1234` → `"12.34"`, `-5` → `"-0.05"`: cents as a plain decimal, for files meant for spreadsheets. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
