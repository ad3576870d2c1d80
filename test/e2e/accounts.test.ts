/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/en.json';
import { confirmationCode, idTokenFor, testStackPortsEnv } from '../support/auth';
import { approvedVendor, newPage, signIn, signInToDashboard, webUrl } from '../support/browser';

const run = promisify(execFile);


/** `npm run vendor:review -- --profile test …`, as an operator runs it. */
async function reviewCli(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ops/vendor-review.ts', '--profile', 'test', ...args], {
    env: { ...process.env, ...testStackPortsEnv(), LOG_LEVEL: 'SILENT' },
  });
  return stdout + stderr;
}

/** cognito-local writes the code to its pool file; wait until a code other than `previous` is there. */
async function newCode(email: string, previous?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        try {
          code = confirmationCode(email);
        } catch {
          code = undefined;
        }
        return code !== undefined && code !== previous;
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  return code!;
}

describe('sign-up and the approval lifecycle', () => {
  it('applies through the e-mailed code to /signup-success; pending cannot enter; after vendor:review approve the vendor reaches /dashboard', async () => {
    const { context, page, errors } = await newPage();
    const email = `e2e.signup.${Date.now()}@example.com`;
    const password = 'Orchard!Fresh2026';

    await page.goto(webUrl('/'));
    await page.getByRole('link', { name: en.sign_up_link }).click();
    await page.getByRole('heading', { level: 1, name: en.sign_up_title }).waitFor();
    await page.getByLabel(en.business_name).fill('Orchard Lane Produce');
    await page.getByLabel(en.email).fill(email);
    await page.getByLabel(en.password, { exact: true }).fill(password);
    await page.getByLabel(en.confirm_password).fill(password);
    await page.getByRole('button', { name: en.create_account }).click();

    const codeField = page.getByLabel(en.verification_code);
    await codeField.waitFor();
    expect(new URL(page.url()).searchParams.get('confirm')).toBe(email);
    await codeField.fill(await newCode(email));
    await page.getByRole('button', { name: en.confirm, exact: true }).click();
    await page.waitForURL(webUrl('/signup-success'));
    await page.getByRole('heading', { level: 1, name: en.signup_success_title }).waitFor();
    expect(await page.locator('main').innerText()).toContain(en.signup_success_next);

    // Pending: signed out at once, told why.
    await signIn(page, email, password);
    const notice = page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(en.notice_pending);
    expect(new URL(page.url()).pathname).toBe('/');

    const out = await reviewCli(email, 'approve');
    const vendorId = /approved as (V-\d+)/.exec(out)?.[1];
    expect(vendorId, out).toMatch(/^V-\d+$/);

    await signInToDashboard(page, email, password);
    expect(await page.getByTestId('dashboard-vendor-id').innerText()).toBe(vendorId);
    expect(await page.getByTestId('dashboard-greeting').innerText()).toContain('Orchard Lane Produce');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('forgot and reset password', () => {
  it('explains a wrong code, then resets with the e-mailed code; the new password signs in and the old one no longer does', async () => {
    const vendor = await approvedVendor('e2e.reset');
    const { context, page, errors } = await newPage();
    const newPassword = 'Reset!Harvest2027';

    await page.goto(webUrl('/'));
    await page.getByRole('link', { name: en.forgot_password_link }).click();
    // Routes are lazy: the sign-in page stays up until the next page's chunk is there.
    await page.getByRole('heading', { level: 1, name: en.forgot_password_title }).waitFor();
    await page.getByLabel(en.email).fill(vendor.email);
    await page.getByRole('button', { name: en.send_code }).click();
    await page.getByRole('heading', { level: 1, name: en.reset_password_title }).waitFor();
    expect(await page.getByLabel(en.email).inputValue()).toBe(vendor.email);
    const code = await newCode(vendor.email);

    await page.getByLabel(en.verification_code).fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel(en.new_password, { exact: true }).fill(newPassword);
    await page.getByLabel(en.confirm_new_password).fill(newPassword);
    await page.getByRole('button', { name: en.reset_password_submit }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(en.error_code_mismatch);

    await page.getByLabel(en.verification_code).fill(code);
    await page.getByRole('button', { name: en.reset_password_submit }).click();
    await page.getByText(en.reset_password_done).waitFor();
    await page.getByRole('link', { name: en.go_to_sign_in }).click();
    await page.waitForURL(webUrl('/'));

    await signInToDashboard(page, vendor.email, newPassword);
    expect(await page.getByTestId('dashboard-vendor-id').innerText()).toBe(vendor.vendorId);
    await expect(idTokenFor(vendor.email, vendor.password)).rejects.toThrow();
    // The wrong code logs Chromium's "Failed to load resource: 400"; nothing else may go wrong.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
