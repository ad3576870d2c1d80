import { describe, expect, it, vi } from 'vitest';
import type { PayoutAccountItem, PayoutItem } from '../../../lambdas/payouts/model';
import { decidePayout, parsePayoutId, periodFromId } from '../../../lambdas/payouts/period';
import type { PayoutProvider } from '../../../lambdas/payouts/provider';
import { destinationBlock, payoutMessage, pendingPayout, providerTransition, settlementRoute } from '../../../lambdas/payouts/settlement';

const account: PayoutAccountItem = { vendorId: 'V-10001', payoutAccountId: 'PA-V-10001-1', method: 'email', email: 'shop@example.com', updatedAt: '2026-11-01T00:00:00Z' };
const email: PayoutProvider = { pay: vi.fn() };
const NOW = '2026-11-30T10:00:00.000Z';

describe('settlement rules (pure)', () => {
  it('pays only to a current, unheld destination this process can pay', () => {
    expect(destinationBlock(null, { email }, NOW)).toBe('no_method');
    expect(destinationBlock({ ...account, holdUntil: '2026-12-01T00:00:00Z' }, { email }, NOW)).toBe('held');
    expect(destinationBlock({ ...account, holdUntil: '2026-11-30T09:59:59Z' }, { email }, NOW)).toBeNull();
    expect(destinationBlock({ ...account, method: 'bank' } as unknown as PayoutAccountItem, { email }, NOW)).toBe('method_unavailable');
    expect(destinationBlock(account, { email }, NOW)).toBeNull();
  });

  it('makes the pending payout out to the account, with the payout id the provider uses as key and a masked destination', () => {
    const decision = decidePayout(12_345, 100);
    if (!decision.pay) throw new Error('expected a payout');
    const payout = pendingPayout('V-10001', periodFromId('2026-11-2')!, decision, account, NOW);
    expect(payout).toEqual({
      vendorId: 'V-10001',
      sk: 'PAYOUT#2026-11-2',
      payoutId: 'P-V-10001-2026-11-2',
      periodId: '2026-11-2',
      periodFrom: '2026-11-16',
      periodTo: '2026-11-30',
      status: 'pending',
      amountCents: 12_345,
      feeCents: 100,
      paidCents: 12_245,
      method: 'email',
      destinationMasked: 's***@example.com',
      payoutAccountId: 'PA-V-10001-1',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(parsePayoutId(payout.payoutId)).toEqual({ vendorId: 'V-10001', periodId: '2026-11-2' });
  });

  it('settles a pending payout only through the destination it was made out to', () => {
    const payout = { payoutAccountId: 'PA-V-10001-1' } as PayoutItem;
    expect(settlementRoute(payout, account, { email })).toEqual({ pay: true, account, provider: email });
    expect(settlementRoute(payout, { ...account, payoutAccountId: 'PA-V-10001-2' }, { email })).toEqual({ pay: false, reason: 'destination_changed' });
    expect(settlementRoute(payout, null, { email })).toEqual({ pay: false, reason: 'destination_changed' });
    expect(settlementRoute(payout, account, {})).toEqual({ pay: false, reason: 'method_unavailable' });
  });

  it("turns the provider's answer into the payout's next state", () => {
    expect(providerTransition({ status: 'paid', reference: 'PP-1' })).toEqual({ to: 'paid', reference: 'PP-1' });
    expect(providerTransition({ status: 'submitted', reference: 'BT-1' })).toEqual({ to: 'submitted', reference: 'BT-1' });
    expect(providerTransition({ status: 'failed', reason: 'recipient_unavailable' })).toEqual({ to: 'failed', reason: 'recipient_unavailable' });
  });

  it('accepts only a vendor id and a payout period as the queue message', () => {
    expect(payoutMessage.parse({ vendorId: 'V-10001', periodId: '2026-11-2' })).toEqual({ vendorId: 'V-10001', periodId: '2026-11-2' });
    expect(payoutMessage.safeParse({ vendorId: 'V-10001', periodId: '2026-11-3' }).success).toBe(false);
    expect(payoutMessage.safeParse({ vendorId: 'V-10001', periodId: '2026-11-2', amountCents: 1 }).success).toBe(false);
  });
});

describe('the one payout-id parser', () => {
  it('reads back what payoutIdFor writes, and refuses ids that name no period', () => {
    expect(parsePayoutId('P-V-10001-2026-11-1')).toEqual({ vendorId: 'V-10001', periodId: '2026-11-1' });
    expect(parsePayoutId('P-V-10001-2026-13-1')).toBeNull();
    expect(parsePayoutId('P-V-10001-2026-00-2')).toBeNull();
    expect(parsePayoutId('P-X-10001-2026-11-1')).toBeNull();
    expect(parsePayoutId('P-V-10001-2026-11-1x')).toBeNull();
  });
});
