import { describe, expect, it, vi } from 'vitest';
import { passwordChangeFailure } from '../../../web/src/features/settings/password-change-errors';
import { changePasswordProblem, meetsPasswordPolicy, newPasswordProblem } from '../../../web/src/lib/password-rules';
import { saveWithRetryOnce } from '../../../web/src/lib/save-with-retry';
import { signInErrorFor } from '../../../web/src/lib/sign-in-errors';
import type { Me } from '../../../web/src/lib/me-api';
import { vendorAccessFor } from '../../../web/src/lib/vendor-access';
import { ApiError } from '../../../web/src/lib/api';
import { namedError } from '../amplify-mock';

describe('password rules', () => {
  it("checks that the entries match before the policy ('Passwords do not match.' first)", () => {
    expect(newPasswordProblem('short', 'other')).toBe('passwords_do_not_match');
    expect(newPasswordProblem('short', 'short')).toBe('password_too_weak');
    expect(newPasswordProblem('Demo!Vendor2026', 'Demo!Vendor2026')).toBeNull();
  });

  it('follows the user pool policy: 12+ characters, upper, lower, digit, symbol', () => {
    expect(meetsPasswordPolicy('Demo!Vendor2026')).toBe(true);
    expect(meetsPasswordPolicy('Demo!Vend20')).toBe(false);
    expect(meetsPasswordPolicy('demo!vendor2026')).toBe(false);
    expect(meetsPasswordPolicy('DEMO!VENDOR2026')).toBe(false);
    expect(meetsPasswordPolicy('Demo!VendorXXXX')).toBe(false);
    expect(meetsPasswordPolicy('DemoVendor20266')).toBe(false);
  });
});

describe('change password checks (spec §5)', () => {
  it('reports only the first problem, in order: match, differs from current, policy', () => {
    expect(changePasswordProblem('same', 'same', 'other')).toEqual({ field: 'confirm', key: 'passwords_do_not_match' });
    expect(changePasswordProblem('same', 'same', 'same')).toEqual({ field: 'new', key: 'password_same_as_current' });
    expect(changePasswordProblem('Demo!Vendor2026', 'weak', 'weak')).toEqual({ field: 'new', key: 'password_too_weak' });
    expect(changePasswordProblem('Demo!Vendor2026', 'Fresh!Harvest2027', 'Fresh!Harvest2027')).toBeNull();
  });

  it('maps Amplify updatePassword errors to the outcomes of spec §8', () => {
    expect(passwordChangeFailure(namedError('NotAuthorizedException', 'Incorrect username or password.'))).toEqual({ kind: 'wrong-current-password' });
    expect(passwordChangeFailure(namedError('InvalidPasswordException', 'Invalid password'))).toEqual({ kind: 'wrong-current-password' });
    expect(passwordChangeFailure(namedError('InvalidPasswordException', 'Password does not conform to policy: x'))).toEqual({ kind: 'other', message: 'Password does not conform to policy: x' });
    expect(passwordChangeFailure(namedError('NotAuthorizedException', 'Access Token has expired'))).toEqual({ kind: 'not-authenticated' });
    expect(passwordChangeFailure(namedError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'))).toEqual({ kind: 'not-authenticated' });
    expect(passwordChangeFailure(namedError('LimitExceededException', 'Attempt limit exceeded'))).toEqual({ kind: 'other', message: 'Attempt limit exceeded' });
    expect(passwordChangeFailure(namedError('Whatever', ''))).toEqual({ kind: 'other' });
    expect(passwordChangeFailure('a string')).toEqual({ kind: 'other' });
  });

  it("maps POST /api/me/password's answers to the same outcomes", () => {
    expect(passwordChangeFailure(new ApiError(400, 'current_password_incorrect', 'The current password you entered is incorrect.'))).toEqual({ kind: 'wrong-current-password' });
    expect(passwordChangeFailure(new ApiError(401, 'unauthorized', 'Your session has ended. Sign in again.'))).toEqual({ kind: 'not-authenticated' });
    expect(passwordChangeFailure(new ApiError(401, 'unauthenticated', 'No signed-in user.'))).toEqual({ kind: 'not-authenticated' });
    expect(passwordChangeFailure(new ApiError(429, 'too_many_requests', 'Attempt limit exceeded'))).toEqual({ kind: 'other', message: 'Attempt limit exceeded' });
    expect(passwordChangeFailure(new ApiError(400, 'validation_error', 'Password does not conform to policy: x'))).toEqual({ kind: 'other', message: 'Password does not conform to policy: x' });
    // A server failure's reference is no sentence for the vendor: 'An error occurred.'
    expect(passwordChangeFailure(new ApiError(500, 'internal_error', 'Something went wrong. Reference: r-1'))).toEqual({ kind: 'other' });
  });
});

describe('vendorAccessFor (spec §4)', () => {
  const me: Omit<Me, 'status'> = { userId: 'u', email: 'e@x.y', groups: [], roles: [], vendorName: 'Shop', language: 'zh-TW', vendorId: null, payoutAccountId: null, memberRole: null, accountHolder: false };
  it('lets an approved vendor with a vendor id in, with the stored language when valid', () => {
    expect(vendorAccessFor({ ...me, status: 'approved', vendorId: 'V-1' })).toEqual({ kind: 'approved', vendorId: 'V-1', vendorName: 'Shop', language: 'zh-TW' });
    expect(vendorAccessFor({ ...me, status: 'approved', vendorId: 'V-1', language: 'zh' })).toMatchObject({ language: 'en' });
  });
  it('refuses pending and rejected vendors, keeping the rejection reason', () => {
    expect(vendorAccessFor({ ...me, status: 'pending' })).toEqual({ kind: 'pending' });
    expect(vendorAccessFor({ ...me, status: 'rejected', rejectionReason: ' No licence ' })).toEqual({ kind: 'rejected', reason: 'No licence' });
    expect(vendorAccessFor({ ...me, status: 'rejected' })).toEqual({ kind: 'rejected' });
  });
  it('refuses an approved record without a vendor id', () => {
    expect(vendorAccessFor({ ...me, status: 'approved' })).toEqual({ kind: 'not-ready' });
  });
  it('tells an answer without a vendor record (an admin, issue 11) apart', () => {
    expect(vendorAccessFor({ ...me, roles: ['admin'], status: null, vendorName: null, language: null })).toEqual({ kind: 'no-record' });
  });
});

describe('signInErrorFor', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', 'wrong-credentials'],
    ['NotAuthorizedException', 'Password attempts exceeded', 'too-many-attempts'],
    ['UserNotFoundException', 'User does not exist.', 'wrong-credentials'],
    ['InvalidPasswordException', 'Invalid password', 'wrong-credentials'],
    ['UserNotConfirmedException', 'User is not confirmed.', 'not-confirmed'],
    ['LimitExceededException', 'x', 'too-many-attempts'],
    ['NetworkError', 'A network error has occurred.', 'network'],
  ])('%s (%s) → %s', (name, message, expected) => {
    expect(signInErrorFor(namedError(name, message))).toBe(expected);
  });
  it('keeps the message of anything else', () => {
    expect(signInErrorFor(namedError('InternalErrorException', 'Boom'))).toEqual({ other: 'Boom' });
  });
});

describe('saveWithRetryOnce (spec §8, language save)', () => {
  it('saves once when the first attempt works', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    await expect(saveWithRetryOnce('the language', save)).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('retries once after a failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const save = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(undefined);
    await expect(saveWithRetryOnce('the language', save)).resolves.toBe(true);
    expect(save).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('only logs when the retry fails too, and never throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const save = vi.fn().mockRejectedValue(new Error('503'));
    await expect(saveWithRetryOnce('the language', save)).resolves.toBe(false);
    expect(save).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
