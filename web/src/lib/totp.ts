/** A code as typed (spaces allowed, as apps show "123 456"): six digits or not. */
export const isTotpCode = (value: string): boolean => /^\d{6}$/.test(value.replace(/\s/g, ''));

/** The input attributes of every field that takes an authenticator code (sign-in, step-up, set-up): a numeric keypad, the code the phone offers, "123 456" fits. */
export const TOTP_INPUT = { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } as const;
