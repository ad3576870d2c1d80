/** A code as typed (spaces allowed, as apps show "123 456"): six digits or not. */
export const isTotpCode = (value: string): boolean => /^\d{6}$/.test(value.replace(/\s/g, ''));
