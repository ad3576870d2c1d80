/** English e-mails, one per event (contracts/notifications.ts). */
import { day, instant, period, usd } from './format';
import { payoutFailure, rejectionReason, roleName, supportCategory } from './texts';
import type { TemplateSet } from './types';

const L = 'en' as const;
const hello = (name: string) => `Hello ${name},`;

/** `: <address>` after "contact support", or the sentence's end where no support address is set up. */
const supportAt = (ctx: { supportEmail?: string }): string => (ctx.supportEmail ? `: ${ctx.supportEmail}` : '.');

export const en: TemplateSet = {
  language: L,
  brand: 'Seller Portal',
  templates: {
    application_approved: (p, ctx) => ({
      subject: 'Your vendor application is approved',
      greeting: hello(p.businessName),
      paragraphs: [
        `Welcome to the Seller Portal! Your application for ${p.businessName} is approved and your vendor id is ${p.vendorId}.`,
        `Sign in with the e-mail address and password you registered with: ${ctx.signInUrl}`,
        'Next, set up your payout method and add your first products.',
      ],
      action: 'Open your dashboard',
    }),
    application_rejected: (p) => ({
      subject: 'Your vendor application was not approved',
      greeting: hello(p.businessName),
      paragraphs: [`We reviewed your application for ${p.businessName} and could not approve it.`, `Reason: ${p.reason}`, 'If you have questions or can provide more information, contact us.'],
      action: 'Contact us',
    }),
    product_approved: (p) => ({
      subject: `Approved: ${p.productName}`,
      greeting: 'Hello,',
      paragraphs: [`Your product ${p.productName} (${p.productId}) passed review and is now live in the marketplace.`],
      action: 'View the product',
    }),
    product_rejected: (p) => ({
      subject: `Not approved: ${p.productName}`,
      greeting: 'Hello,',
      paragraphs: [`Your product ${p.productName} (${p.productId}) was not approved in review, for these reasons:`],
      list: p.reasons.map((r) => rejectionReason(r, L)),
      closing: [...(p.note ? [`Note from our reviewers: ${p.note}`] : []), 'Edit the product and submit it for review again.'],
      action: 'Edit the product',
    }),
    product_changes_requested: (p) => ({
      subject: `Changes requested: ${p.productName}`,
      greeting: 'Hello,',
      paragraphs: [`Our reviewers ask for changes to ${p.productName} (${p.productId}):`, p.note, 'Edit the product and submit it for review again.'],
      action: 'Edit the product',
    }),
    payout_paid: (p) => ({
      subject: `Payout sent: ${usd(p.paidCents)}`,
      greeting: 'Hello,',
      paragraphs: [`Your payout ${p.payoutId} for ${period(p.period, L)} is on its way.`, 'The statement lists every order it includes.'],
      list: [`Balance paid out: ${usd(p.amountCents)}`, `Transfer fee: ${usd(p.feeCents)}`, `You receive: ${usd(p.paidCents)}`],
      action: 'View the payout and its statement',
    }),
    payout_failed: (p) => ({
      subject: `Payout failed: ${usd(p.amountCents)}`,
      greeting: 'Hello,',
      paragraphs: [
        `Your payout ${p.payoutId} of ${usd(p.amountCents)} for ${period(p.period, L)} could not be completed: ${payoutFailure(p.reason, L)}.`,
        'The amount is back on your balance and will be paid with the next payout run. Please check your payout method.',
      ],
      action: 'Check your payouts',
    }),
    balance_rolled_over: (p) => ({
      subject: `Your balance of ${usd(p.balanceCents)} rolls over`,
      greeting: 'Hello,',
      paragraphs: [
        `Your balance of ${usd(p.balanceCents)} is below the minimum payout of ${usd(p.minimumCents)}, so nothing was paid out this time.`,
        `It stays on your balance and is paid with a later run, at the earliest on ${day(p.nextPayoutDate, L)}.`,
      ],
      action: 'View your payouts',
    }),
    payout_method_changed: (p, ctx) => ({
      subject: 'Security notice: your payout method was changed',
      greeting: 'Hello,',
      paragraphs: [
        `The payout method of your vendor account was changed to ${p.method === 'bank' ? 'a bank account' : 'an e-mail payment'}.`,
        ...(p.holdUntil ? [`For your protection, payouts are held until ${instant(p.holdUntil, L)}.`] : []),
        `Not you? Contact support right away${supportAt(ctx)}`,
      ],
      action: 'Review your payout method',
    }),
    password_changed: (_p, ctx) => ({
      subject: 'Security notice: your password was changed',
      greeting: 'Hello,',
      paragraphs: ['The password of your Seller Portal account was just changed.', `Not you? Reset your password and contact support right away${supportAt(ctx)}`],
      action: 'Sign in',
    }),
    team_invitation: (p) => ({
      subject: `You're invited to join ${p.businessName} on Seller Portal`,
      greeting: 'Hello,',
      paragraphs: [
        `${p.invitedBy} invited you to join the team of ${p.businessName} on Seller Portal as ${roleName(p.role, L)}.`,
        `Open the link, then sign in or create an account with this e-mail address (${p.email}) to accept. The invitation is valid until ${instant(p.expiresAt, L)}.`,
        'Not expecting this? You can ignore this e-mail.',
      ],
      action: 'Accept the invitation',
    }),
    team_member_changed: (p, ctx) => ({
      subject: 'Security notice: your team changed',
      greeting: 'Hello,',
      paragraphs: [
        p.change === 'invited'
          ? `${p.by} invited ${p.memberEmail} to your team as ${roleName(p.role, L)}.`
          : p.change === 'joined'
            ? `${p.memberEmail} accepted the invitation and joined your team as ${roleName(p.role, L)}.`
            : p.change === 'role_changed'
              ? `${p.by} changed the role of ${p.memberEmail} from ${p.previousRole ? roleName(p.previousRole, L) : '-'} to ${roleName(p.role, L)}.`
              : `${p.by} removed ${p.memberEmail} (${roleName(p.role, L)}) from your team. Their sessions were ended.`,
        `Not expected? Review your team and contact support right away${supportAt(ctx)}`,
      ],
      action: 'Review your team',
    }),
    support_case_received: (p) => ({
      subject: `We received your support case ${p.caseId}`,
      greeting: 'Hello,',
      paragraphs: [`Thank you for contacting us. Your case ${p.caseId} (${supportCategory(p.category, L)}) is open and our team will reply soon.`, 'Your message:'],
      list: [p.message],
      action: 'View your support case',
    }),
    support_reply: (p) => ({
      subject: `Reply to your support case ${p.caseId}`,
      greeting: 'Hello,',
      paragraphs: [`Our support team replied to your case ${p.caseId}:`, p.message],
      action: 'View your support case',
    }),
    stock_low: (p) => ({
      subject: `Low stock: ${p.productName}`,
      greeting: 'Hello,',
      paragraphs: [`${p.productName} (SKU ${p.sku}) is down to ${p.inventory} in stock, at or below your low-stock level of ${p.threshold}.`, 'Restock it or update its stock in the inventory.'],
      action: 'Open the inventory',
    }),
    security_mfa_on: (_p, ctx) => ({
      subject: 'Security notice: two-step sign-in was turned on',
      greeting: 'Hello,',
      paragraphs: [
        'Two-step sign-in with an authenticator app was just turned on for your Seller Portal account. Signing in now asks for a code from that app.',
        `Not you? Someone may know your password: change it and contact support right away${supportAt(ctx)}`,
      ],
      action: 'Sign in',
    }),
    security_mfa_off: (p, ctx) => ({
      subject: 'Security notice: two-step sign-in was turned off',
      greeting: 'Hello,',
      paragraphs: [
        p.by === 'operations'
          ? 'At your request, marketplace operations turned off two-step sign-in for your Seller Portal account. You now sign in with your password alone.'
          : 'Two-step sign-in was just turned off for your Seller Portal account. You now sign in with your password alone.',
        'Turn it on again in Account settings to protect your account and your payouts.',
        `Not you? Change your password and contact support right away${supportAt(ctx)}`,
      ],
      action: 'Sign in',
    }),
  },
  footer: (ctx, security) =>
    security
      ? `This security notice is always sent and cannot be turned off. Seller Portal — ${ctx.portalUrl}`
      : `You receive this e-mail because of your notification settings; change them in the account settings of the Seller Portal: ${ctx.portalUrl}`,
};
