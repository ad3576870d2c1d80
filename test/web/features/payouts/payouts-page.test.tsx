import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PayoutsPage from '../../../../web/src/features/payouts/payouts-page';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { i18n } from '../../../../web/src/i18n/i18n';
import { formatMoney } from '../../../../web/src/lib/format';
import { auth, configure, meBody, signedInUser, storeAmplifySession } from '../../amplify-mock';
import { resetAppState } from '../../render-app';
import { renderRoute } from '../../render-route';
import { plain, stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

/** The payouts screen at route level (test/web/render-route.tsx): no header, no other page. */
const PAYOUTS_ROUTE = { '/payouts': () => <PayoutsPage /> };

const location = () => screen.getByTestId('location').textContent;

const PAYOUT = {
  payoutId: 'P-V-10001-2026-11-2',
  periodId: '2026-11-2',
  periodFrom: '2026-11-16',
  periodTo: '2026-11-30',
  status: 'paid',
  amountCents: 9350,
  feeCents: 100,
  paidCents: 9250,
  method: 'email',
  destination: 's***@example.com',
  createdAt: '2026-11-30T10:00:01.000Z',
};
const listBody = (overrides: Record<string, unknown> = {}) => ({
  payouts: [PAYOUT],
  balanceCents: 1234,
  minimumPayoutCents: 5000,
  feeCents: 100,
  nextPayoutDate: '2026-12-15',
  timeZone: 'America/Los_Angeles',
  ...overrides,
});
const DETAILS = {
  ...PAYOUT,
  // 110.00 gross − 16.50 commission − 42.50 cancelled + 42.50 carried over − 1.00 fee = 92.50.
  reconciliation: {
    windowStart: '2026-11-16T08:00:00.000Z',
    grossSalesCents: 11000,
    commissionCents: 1650,
    adjustmentsCents: -4250,
    carriedOverCents: 4250,
    amountCents: 9350,
    feeCents: 100,
    paidCents: 9250,
    entries: 3,
  },
  sales: {
    orders: 2,
    totalCents: 11000,
    commissionCents: 1650,
    netCents: 9350,
    products: [
      { sku: 'SKU-1', name: 'Jasmine rice 5 kg', unitPriceCents: 2500, quantity: 4, amountCents: 10000 },
      { sku: 'SKU-2', name: 'Green tea', unitPriceCents: 500, quantity: 2, amountCents: 1000 },
    ],
  },
};
const emailMethod = { method: 'email', payoutAccountId: 'PA-1', destination: 's***@example.com', email: 'seller@example.com', holdUntil: null, holdDays: 3 };

function payoutsApi(overrides: SalesHandler = () => undefined): SalesHandler {
  let method: Record<string, unknown> = { method: null, holdDays: 3 };
  return async (call) => {
    const answer = await overrides(call);
    if (answer !== undefined) return answer;
    if (call.path === '/api/payout-method' && call.method === 'GET') return { status: 200, body: method };
    if (call.path === '/api/payout-method' && call.method === 'PUT') {
      const body = call.body as Record<string, string>;
      method =
        body.method === 'email'
          ? { method: 'email', payoutAccountId: 'PA-2', destination: 's***@example.com', email: body.email, holdUntil: '2026-11-24T06:15:00.000Z', holdDays: 3 }
          : { method: 'bank', payoutAccountId: 'PA-3', destination: '•••• 3000', holdUntil: '2026-11-24T06:15:00.000Z', holdDays: 3, accountNumberLast4: '3000' };
      return { status: 200, body: method };
    }
    if (call.path === '/api/payouts') return { status: 200, body: listBody() };
    if (call.path === `/api/payouts/${PAYOUT.payoutId}`) return { status: 200, body: DETAILS };
    return undefined;
  };
}

async function openPayouts(path = '/payouts', handler: SalesHandler = payoutsApi()) {
  storeAmplifySession();
  const calls = stubSalesFetch(handler);
  renderRoute(path, PAYOUTS_ROUTE);
  await screen.findByRole('heading', { level: 1, name: new RegExp(`^(${en.payouts_title}|${zhTW.payouts_title})$`) }, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}

const setupReady = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });

describe('payouts page (spec §2, issue 6)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(window.alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the payout information: no method yet, next payout, balance, minimum and fee, below-minimum note', { timeout: 20_000 }, async () => {
    const { calls } = await openPayouts();
    await waitFor(() => expect(screen.getByTestId('payout-balance').textContent).toBe('$12.34'));
    expect(screen.getByTestId('payout-method').textContent).toBe(en.payout_method_none);
    expect(plain(screen.getByTestId('payout-next-date').textContent)).toBe('Tuesday, December 15, 2026');
    expect(screen.getByTestId('payout-rules').textContent).toBe(en.payout_rules.replace('{{minimum}}', '$50.00').replace('{{fee}}', '$1.00'));
    expect(screen.getByTestId('payout-below-minimum').textContent).toBe(en.balance_below_minimum.replace('{{minimum}}', '$50.00'));
    expect(screen.queryByTestId('payout-hold')).toBeNull();
    expect(calls.find((c) => c.path === '/api/payout-method')?.headers.authorization).toBe('Bearer id-token-1');
  });

  it('keeps the place of the payout rules and the set-up buttons while they load, so the history below does not jump (issue 10: CLS)', { timeout: 20_000 }, async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await openPayouts('/payouts', payoutsApi(async (call) => {
      if (call.path === '/api/payouts' || call.path === '/api/payout-method') await held;
      return undefined;
    }));
    // Loading: the sentence with placeholders and two invisible, unfocusable buttons hold the space.
    const card = screen.getByTestId('payout-info');
    const pending = card.querySelector('.payout-actions-pending');
    expect(pending?.getAttribute('aria-hidden')).toBe('true');
    expect([...pending!.querySelectorAll('button')].map((b) => b.tabIndex)).toEqual([-1, -1]);
    expect(screen.queryByTestId('payout-setup-email')).toBeNull();
    expect([...card.querySelectorAll('p[aria-hidden="true"]')].map((p) => p.textContent)).toContain(en.payout_rules.replace('{{minimum}}', '…').replace('{{fee}}', '…'));
    release();
    // Loaded: the real sentence and buttons take those places.
    await setupReady('payout-setup-email');
    expect(card.querySelector('.payout-actions-pending')).toBeNull();
    // The rules come with the payouts answer, which may arrive after the method's.
    await waitFor(() => expect(screen.getByTestId('payout-rules').textContent).toBe(en.payout_rules.replace('{{minimum}}', '$50.00').replace('{{fee}}', '$1.00')));
  });

  it("e-mail method: 'Please enter a valid email address' in the page, then saved with the hold notice", { timeout: 20_000 }, async () => {
    const { calls, user } = await openPayouts();
    await user.click(await setupReady('payout-setup-email'));
    await user.type(screen.getByTestId('payout-email'), 'not-an-email');
    await user.click(screen.getByTestId('payout-email-save'));
    expect(screen.getByTestId('payout-email-error').textContent).toBe('Please enter a valid email address');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(screen.getByTestId('payout-email'));
    await user.type(screen.getByTestId('payout-email'), 'seller@example.com');
    await user.click(screen.getByTestId('payout-email-save'));
    await waitFor(() => expect(screen.getByTestId('payout-method-saved').textContent).toContain(en.payout_email_saved));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ method: 'email', email: 'seller@example.com' });
    expect(screen.getByTestId('payout-method').textContent).toBe(`${en.payout_method_email}: s***@example.com`);
    expect(screen.getByTestId('payout-account-id').textContent).toBe('PA-2');
    expect(plain(screen.getByTestId('payout-hold').textContent)).toMatch(/on hold for 3 days, until Nov 23, 2026, 10:15 PM PST/);
  });

  it("e-mail method: the server's 400 message is shown in the page", { timeout: 20_000 }, async () => {
    const { user } = await openPayouts('/payouts', payoutsApi((c) => (c.method === 'PUT' ? { status: 400, body: { error: 'invalid_email', message: 'Please enter a valid email address' } } : undefined)));
    await user.click(await setupReady('payout-setup-email'));
    await user.type(screen.getByTestId('payout-email'), 'seller@example.com');
    await user.click(screen.getByTestId('payout-email-save'));
    await waitFor(() => expect(screen.getByTestId('payout-email-error').textContent).toBe('Please enter a valid email address'));
  });

  it("bank wizard: each step's message, review, then 'Bank account added successfully!'", { timeout: 30_000 }, async () => {
    const { calls, user } = await openPayouts();
    await user.click(await setupReady('payout-setup-bank'));
    // One field typed key by key (the phone); the others pasted: the same input events, one per field.
    const fill = async (testId: string, value: string) => {
      await user.click(screen.getByTestId(testId));
      await user.paste(value);
    };
    const wizard = screen.getByTestId('bank-wizard');
    const next = () => user.click(screen.getByTestId('bank-next'));
    const error = () => screen.getByTestId('bank-wizard-error').textContent;

    await next();
    expect(error()).toBe('Please select country and currency.');
    await user.click(screen.getByTestId('bank-type-business'));
    await user.selectOptions(screen.getByTestId('bank-country'), 'DE');
    await next();
    expect(error()).toBe('Please select country and currency.');
    await user.selectOptions(screen.getByTestId('bank-currency'), 'EUR');
    await next();
    expect(wizard.getAttribute('data-step')).toBe('business');
    expect(document.activeElement).toBe(screen.getByTestId('bank-wizard-step'));

    await next();
    expect(error()).toBe('Please fill all required business details.');
    await user.type(screen.getByTestId('bank-phone'), '+49 30 1234567');
    await fill('bank-street', 'Hauptstraße 1');
    await fill('bank-city', 'Berlin');
    await fill('bank-postalCode', '10115');
    await next();
    expect(error()).toBe('Please fill all required business details.');
    await user.selectOptions(screen.getByTestId('bank-businessCountry'), 'DE');
    await next();
    expect(wizard.getAttribute('data-step')).toBe('account');

    await fill('bank-bankName', 'Commerzbank');
    await fill('bank-accountHolderName', 'Payout B GmbH');
    await fill('bank-accountNumber', 'DE89370400440532013000');
    await fill('bank-swiftBic', 'COBADEFFXXX');
    await next();
    expect(error()).toBe('Please fill all account details and confirm.');
    await user.click(screen.getByTestId('bank-confirmed'));
    await next();
    expect(wizard.getAttribute('data-step')).toBe('review');
    const review = plain(screen.getByTestId('bank-review').textContent);
    expect(review).toContain('Commerzbank');
    expect(review).toContain('•••• 3000');
    expect(review).not.toContain('DE89370400440532013000');
    expect(screen.getByTestId('bank-next').textContent).toBe(en.confirm_and_add);
    await next();
    await waitFor(() => expect(screen.getByTestId('payout-method-saved').textContent).toContain('Bank account added successfully!'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      method: 'bank',
      accountType: 'business',
      country: 'DE',
      currency: 'EUR',
      business: { phone: '+49 30 1234567', street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      bankName: 'Commerzbank',
      accountHolderName: 'Payout B GmbH',
      accountNumber: 'DE89370400440532013000',
      swiftBic: 'COBADEFFXXX',
      confirmed: true,
    });
    expect(screen.getByTestId('payout-method').textContent).toBe(`${en.payout_method_bank}: •••• 3000`);
    expect(screen.getByTestId('payout-hold')).toBeTruthy();
  });

  it('bank wizard: marks the missing or wrong field next to it and moves the focus there; phone, postal code, IBAN and SWIFT/BIC are checked on their own step', { timeout: 40_000 }, async () => {
    const { calls, user } = await openPayouts();
    await user.click(await setupReady('payout-setup-bank'));
    // The first wizard test types every field key by key; these paste them (the same input events, one per field).
    const fill = async (testId: string, value: string) => {
      const input = screen.getByTestId(testId) as HTMLInputElement;
      await user.click(input);
      input.setSelectionRange(input.value.length, input.value.length);
      await user.paste(value);
    };
    const wizard = screen.getByTestId('bank-wizard');
    const next = () => user.click(screen.getByTestId('bank-next'));
    const error = () => screen.getByTestId('bank-wizard-error').textContent;
    /** The message a control points at with aria-describedby, when it is marked invalid. */
    const fieldError = (testId: string) => {
      const el = screen.getByTestId(testId);
      if (el.getAttribute('aria-invalid') !== 'true') return null;
      const ids = (el.getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)).find((n) => n?.dataset.testid === 'bank-field-error')?.textContent ?? null;
    };

    await user.selectOptions(screen.getByTestId('bank-country'), 'DE');
    await next();
    expect(error()).toBe('Please select country and currency.');
    expect(fieldError('bank-country')).toBeNull();
    expect(fieldError('bank-currency')).toBe(en.bank_field_required);
    expect(document.activeElement).toBe(screen.getByTestId('bank-currency'));
    await user.selectOptions(screen.getByTestId('bank-currency'), 'EUR');
    expect(fieldError('bank-currency')).toBeNull();
    await next();

    await fill('bank-phone', '12ab');
    await fill('bank-street', 'Hauptstraße 1');
    await fill('bank-postalCode', '1011');
    await user.selectOptions(screen.getByTestId('bank-businessCountry'), 'DE');
    await next();
    expect(wizard.getAttribute('data-step')).toBe('business');
    expect(error()).toBe('Please fill all required business details.');
    expect(fieldError('bank-phone')).toBe(en.please_enter_valid_phone);
    expect(fieldError('bank-city')).toBe(en.bank_field_required);
    expect(fieldError('bank-postalCode')).toBe(en.please_enter_valid_postal_code);
    expect(fieldError('bank-street')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('bank-phone'));
    await fill('bank-city', 'Berlin');
    await next();
    expect(error()).toBe(en.please_enter_valid_phone);
    await user.clear(screen.getByTestId('bank-phone'));
    await fill('bank-phone', '+49 30-123 4567');
    await next();
    expect(error()).toBe(en.please_enter_valid_postal_code);
    expect(document.activeElement).toBe(screen.getByTestId('bank-postalCode'));
    await fill('bank-postalCode', '5');
    await next();
    expect(wizard.getAttribute('data-step')).toBe('account');

    await fill('bank-bankName', 'Commerzbank');
    await fill('bank-accountHolderName', 'Payout B GmbH');
    await fill('bank-accountNumber', 'DE89 3704 0044 0532 0130 01');
    await fill('bank-swiftBic', 'COBADEFFX');
    await user.click(screen.getByTestId('bank-confirmed'));
    await next();
    expect(wizard.getAttribute('data-step')).toBe('account');
    expect(error()).toBe(en.please_enter_valid_iban);
    expect(fieldError('bank-accountNumber')).toBe(en.please_enter_valid_iban);
    expect(fieldError('bank-swiftBic')).toBe(en.please_enter_valid_swift);
    expect(document.activeElement).toBe(screen.getByTestId('bank-accountNumber'));
    await user.clear(screen.getByTestId('bank-accountNumber'));
    await fill('bank-accountNumber', 'DE89 3704 0044 0532 0130 00');
    expect(fieldError('bank-accountNumber')).toBeNull();
    await next();
    expect(error()).toBe(en.please_enter_valid_swift);
    await fill('bank-swiftBic', 'XX');
    await next();
    expect(wizard.getAttribute('data-step')).toBe('review');
    expect(screen.queryByTestId('bank-wizard-error')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("bank wizard: a server 400 goes back to its step and field with its message; other failures say 'Error saving bank account info.'", { timeout: 30_000 }, async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { error: 'invalid_iban', message: 'Please enter a valid IBAN.' } };
    const { user } = await openPayouts('/payouts', payoutsApi((c) => (c.method === 'PUT' ? answer : undefined)));
    await user.click(await setupReady('payout-setup-bank'));
    // The first wizard test types every field key by key; these paste them (the same input events, one per field).
    const fill = async (testId: string, value: string) => {
      const input = screen.getByTestId(testId) as HTMLInputElement;
      await user.click(input);
      input.setSelectionRange(input.value.length, input.value.length);
      await user.paste(value);
    };
    const next = () => user.click(screen.getByTestId('bank-next'));
    await user.selectOptions(screen.getByTestId('bank-country'), 'DE');
    await user.selectOptions(screen.getByTestId('bank-currency'), 'EUR');
    await next();
    for (const [id, v] of [['bank-phone', '+49 30 1234567'], ['bank-street', 'S 1'], ['bank-city', 'B'], ['bank-postalCode', '10115']]) await fill(id!, v!);
    await user.selectOptions(screen.getByTestId('bank-businessCountry'), 'DE');
    await next();
    for (const [id, v] of [['bank-bankName', 'B'], ['bank-accountHolderName', 'H'], ['bank-accountNumber', 'DE89370400440532013000'], ['bank-swiftBic', 'COBADEFF']]) await fill(id!, v!);
    await user.click(screen.getByTestId('bank-confirmed'));
    await next();
    await next();
    await waitFor(() => expect(screen.getByTestId('bank-wizard-error').textContent).toBe(en.please_enter_valid_iban));
    expect(screen.getByTestId('bank-wizard').getAttribute('data-step')).toBe('account');
    const number = screen.getByTestId('bank-accountNumber');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);
    answer = { status: 500, body: { error: 'internal', message: 'Something went wrong.' } };
    await next();
    await next();
    await waitFor(() => expect(screen.getByTestId('bank-wizard-error').textContent).toBe('Error saving bank account info. Something went wrong.'));
    expect(screen.getByTestId('bank-wizard').getAttribute('data-step')).toBe('review');
  });

  it("says 'Failed to fetch payouts' with a retry when the API fails", { timeout: 20_000 }, async () => {
    let fail = true;
    const { user } = await openPayouts('/payouts', payoutsApi((c) => (c.path === '/api/payouts' && fail ? { status: 500, body: { error: 'internal', message: 'boom' } } : undefined)));
    const status = screen.getByTestId('payouts-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('failed'));
    expect(within(status).getByText('Failed to fetch payouts')).toBeTruthy();
    fail = false;
    await user.click(within(status).getByRole('button', { name: en.try_again }));
    await screen.findByTestId('payouts-table', {}, { timeout: 15_000 });
    expect(status.getAttribute('data-state')).toBe('idle');
  });

  it("recent payouts: 'all periods' and months in the URL, a details modal, and the statement download", { timeout: 30_000 }, async () => {
    const clicks: { download: string; href: string }[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:portal/1'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    const { calls, user } = await openPayouts(
      '/payouts',
      payoutsApi((c) => {
        if (c.path === '/api/payouts' && c.query.get('period') === '2026-10') return { status: 200, body: listBody({ payouts: [] }) };
        if (c.path.endsWith('/statement.csv'))
          return new Response('\uFEFFOrder number\r\n', { status: 200, headers: { 'content-disposition': `attachment; filename="statement-${PAYOUT.payoutId}.csv"` } });
        return undefined;
      }),
    );
    const table = await screen.findByTestId('payouts-table', {}, { timeout: 15_000 });
    // The actions column is named for screen readers (a real key, not the key's name).
    expect(within(table).getAllByRole('columnheader').at(-1)!.textContent).toBe(en.payout_actions);
    const row = within(table).getAllByTestId('payout-row')[0]!;
    expect(plain(row.textContent)).toContain('Nov 16 – 30, 2026');
    expect(within(row).getByTestId('payout-row-status').textContent).toBe(en.payout_status_paid);
    expect(within(row).getByTestId('payout-row-paid').textContent).toBe('$92.50');
    const select = screen.getByTestId('payout-period') as HTMLSelectElement;
    expect(select.value).toBe('all');
    expect(select.options[0]!.textContent).toBe('all periods');

    await user.click(within(row).getByTestId('payout-statement'));
    await waitFor(() => expect(clicks).toEqual([{ download: `statement-${PAYOUT.payoutId}.csv`, href: 'blob:portal/1' }]));
    expect(calls.find((c) => c.path.endsWith('/statement.csv'))?.headers.authorization).toBe('Bearer id-token-1');

    await user.click(within(row).getByTestId('payout-details-open'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('payout-details-paid').textContent).toBe('$92.50'));
    expect(plain(within(dialog).getByTestId('payout-details-period').textContent)).toBe('Nov 16 – 30, 2026');
    // The statement's lines, in its order, adding up to Paid to you.
    const lines = within(dialog).getByTestId('payout-reconciliation');
    expect([...lines.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toEqual([
      'Gross sales: $110.00',
      'Commission: -$16.50',
      'Cancellations and adjustments: -$42.50',
      'Carried over from earlier periods: $42.50',
      'Transfer fee: -$1.00',
      'Paid to you: $92.50',
    ]);
    const productsTable = within(dialog).getByTestId('payout-details-products');
    expect(within(productsTable).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Product', 'Quantity', 'Price', 'Amount']);
    const products = within(productsTable).getAllByRole('row').slice(1).map((r) => plain(r.textContent));
    expect(products).toEqual(['Jasmine rice 5 kg4$25.00$100.00', 'Green tea2$5.00$10.00']);
    await user.click(within(dialog).getByTestId('payout-details-close'));
    expect(screen.queryByRole('dialog')).toBeNull();

    select.value = '2026-10';
    await user.selectOptions(select, '2026-10');
    await waitFor(() => expect(location()).toBe('/payouts?period=2026-10'));
    await screen.findByTestId('payouts-empty', {}, { timeout: 15_000 });
    expect(screen.getByTestId('payouts-empty').textContent).toBe(en.no_payouts_in_period);
    expect(calls.some((c) => c.path === '/api/payouts' && c.query.get('period') === '2026-10')).toBe(true);
  });

  it('drops an unusable period from the URL and shows money and dates per locale in zh-TW', { timeout: 20_000 }, async () => {
    await i18n.changeLanguage('zh-TW');
    const { calls } = await openPayouts('/payouts?period=bogus', payoutsApi((c) => (c.path === '/api/payout-method' ? { status: 200, body: emailMethod } : c.path === '/api/me' ? { status: 200, body: meBody({ language: 'zh-TW' }) } : undefined)));
    await waitFor(() => expect(location()).toBe('/payouts'));
    await waitFor(() => expect(screen.getByTestId('payout-balance').textContent).toBe(formatMoney(1234, 'zh-TW')));
    expect(screen.getByTestId('payout-next-date').textContent).toContain('2026年12月15日');
    expect(screen.getByTestId('payout-method').textContent).toBe(`${zhTW.payout_method_email}: s***@example.com`);
    expect((screen.getByTestId('payout-period') as HTMLSelectElement).options[0]!.textContent).toBe(zhTW.all_periods);
    expect(calls.filter((c) => c.path === '/api/payouts').every((c) => !c.query.has('period'))).toBe(true);
  });

  it('details in zh-TW: the reconciliation lines and the product columns are translated, no line without adjustments', { timeout: 20_000 }, async () => {
    await i18n.changeLanguage('zh-TW');
    const details = { ...DETAILS, reconciliation: { ...DETAILS.reconciliation, adjustmentsCents: 0, carriedOverCents: 0, commissionCents: 0, grossSalesCents: 9350 } };
    const { user } = await openPayouts(
      '/payouts',
      payoutsApi((c) => (c.path === '/api/me' ? { status: 200, body: meBody({ language: 'zh-TW' }) } : c.path === `/api/payouts/${PAYOUT.payoutId}` ? { status: 200, body: details } : undefined)),
    );
    const row = (await screen.findAllByTestId('payout-row', {}, { timeout: 15_000 }))[0]!;
    await user.click(within(row).getByTestId('payout-details-open'));
    const dialog = await screen.findByRole('dialog');
    const lines = await within(dialog).findByTestId('payout-reconciliation');
    expect([...lines.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([zhTW.payout_gross_sales, zhTW.payout_commission, zhTW.payout_carried_over, zhTW.payout_fee, zhTW.paid_to_you]);
    expect(within(dialog).getByTestId('payout-details-commission').textContent).toBe(formatMoney(0, 'zh-TW'));
    const headers = within(within(dialog).getByTestId('payout-details-products')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([zhTW.payout_product, zhTW.payout_quantity, zhTW.payout_price, zhTW.payout_line_amount]);
  });
});
