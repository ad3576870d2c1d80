import { languageToApply, type Language } from '../i18n/language';
import type { Me } from './me-api';

/** What the portal does with a signed-in user's vendor record (spec §4 "Sign-in by vendor status"). */
export type VendorAccess =
  | { kind: 'approved'; vendorId: string; vendorName: string; language: Language }
  | { kind: 'pending' }
  | { kind: 'rejected'; reason?: string }
  /** Approved but without a vendor id: cannot use the portal (spec §6: having a vendorId means approved). */
  | { kind: 'not-ready' }
  /** No vendor record at all (an admin of the ops console; anyone else is answered 404). */
  | { kind: 'no-record' };

export function vendorAccessFor(me: Me): VendorAccess {
  switch (me.status) {
    case 'approved':
      return me.vendorId
        ? { kind: 'approved', vendorId: me.vendorId, vendorName: me.vendorName ?? '', language: languageToApply(me.language) }
        : { kind: 'not-ready' };
    case 'pending':
      return { kind: 'pending' };
    case 'rejected':
      return me.rejectionReason?.trim() ? { kind: 'rejected', reason: me.rejectionReason.trim() } : { kind: 'rejected' };
    case null:
      return { kind: 'no-record' };
  }
}
