import { describe, expect, it } from 'vitest';
import { decodeInboxCursor, decodeVendorCasesCursor, encodeInboxCursor, encodeVendorCasesCursor } from '../../../lambdas/support/cursors';
import { summaryOf } from '../../../lambdas/support/thread';

const key = { vendorId: 'V-10001', caseId: 'SC-20261120-093000-7F3A' };
const indexKey = { status: 'open', createdAt: '2026-11-20T09:30:00.000Z', ...key };
const open = { status: 'open' as const };

describe('support list cursors', () => {
  it('a vendor’s cursor resumes its own list only', () => {
    const cursor = encodeVendorCasesCursor('V-10001', key);
    expect(decodeVendorCasesCursor(cursor, 'V-10001')).toEqual(key);
    expect(() => decodeVendorCasesCursor(cursor, 'V-10002')).toThrow(expect.objectContaining({ statusCode: 400, code: 'invalid_cursor' }));
  });

  it('an inbox cursor is bound to the admin area and to its exact filter', () => {
    const cursor = encodeInboxCursor(open, indexKey);
    expect(decodeInboxCursor(cursor, open)).toEqual(indexKey);
    for (const other of [{ status: 'closed' as const }, { ...open, category: 'report_bug' as const }, { ...open, vendorId: 'V-10001' }]) {
      expect(() => decodeInboxCursor(cursor, other)).toThrow(expect.objectContaining({ code: 'invalid_cursor', message: expect.stringContaining('different filter') }));
    }
    // A vendor's cursor is not an inbox cursor, and the reverse.
    expect(() => decodeInboxCursor(encodeVendorCasesCursor('V-10001', key), open)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    expect(() => decodeVendorCasesCursor(cursor, 'V-10001')).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
  });

  it('refuses keys with other attributes or shapes (a forged cursor never reaches DynamoDB)', () => {
    for (const bad of [{ ...key, extra: 'x' }, { caseId: key.caseId }, { ...key, vendorId: 7 }, { ...key, caseId: 'x'.repeat(300) }]) {
      const forged = Buffer.from(JSON.stringify({ v: 'admin', f: 'support-inbox|open||', k: bad }), 'utf8').toString('base64url');
      expect(() => decodeInboxCursor(forged, open)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    }
  });
});

describe('a case as lists show it', () => {
  it('cases from before threads read as one vendor message; long openings are cut for the preview', () => {
    const summary = summaryOf({ ...key, userId: 'u', email: 'e', category: 'ask_question', message: 'a'.repeat(200), status: 'open', createdAt: '2026-11-20T09:30:00.000Z' });
    expect(summary).toMatchObject({ lastActivityAt: '2026-11-20T09:30:00.000Z', lastAuthor: 'vendor', messageCount: 1 });
    expect(summary.preview).toHaveLength(140);
    expect(summary.preview.endsWith('…')).toBe(true);
  });
});
