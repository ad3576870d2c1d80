/**
 * The account menu's display name (spec §2): the vendor name, or else the part of the e-mail before
 * the @ with its first letter capitalised. Empty when there is neither.
 */
export function displayName(vendorName: string | null | undefined, email: string | null | undefined): string {
  const name = vendorName?.trim();
  if (name) return name;
  const local = (email ?? '').split('@')[0]?.trim() ?? '';
  return local ? local.charAt(0).toUpperCase() + local.slice(1) : '';
}
