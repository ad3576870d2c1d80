/** 繁體中文 e-mails, one per event (contracts/notifications.ts). */
import { day, instant, period, usd } from './format';
import { payoutFailure, rejectionReason, roleName, supportCategory } from './texts';
import { productNameIn } from '../../../contracts/listings/names';
import type { TemplateSet } from './types';

const L = 'zh-TW' as const;
const hello = (name: string) => `${name} 您好：`;
/** A product by its Chinese name when it has one (issue 24, item 19), else its English one. */
const named = (p: { productName: string; productNameZh?: string }) => productNameIn({ nameEn: p.productName, nameZh: p.productNameZh }, L);

/** 「聯絡客服」之後的「：<地址>」；未設定客服地址時以句號結尾。 */
const supportAt = (ctx: { supportEmail?: string }): string => (ctx.supportEmail ? `：${ctx.supportEmail}` : '。');

export const zhTW: TemplateSet = {
  language: L,
  brand: '賣家平台',
  templates: {
    application_approved: (p, ctx) => ({
      subject: '您的賣家申請已核准',
      greeting: hello(p.businessName),
      paragraphs: [
        `歡迎加入賣家平台！${p.businessName} 的申請已核准，您的賣家編號為 ${p.vendorId}。`,
        `請使用註冊時的電子郵件地址與密碼登入：${ctx.signInUrl}`,
        '接下來請設定收款方式並新增您的第一項商品。',
      ],
      action: '前往儀表板',
    }),
    application_rejected: (p) => ({
      subject: '您的賣家申請未獲核准',
      greeting: hello(p.businessName),
      paragraphs: [`我們已審核 ${p.businessName} 的申請，很遺憾無法核准。`, `原因：${p.reason}`, '如有疑問或可提供更多資料，請與我們聯絡。'],
      action: '聯絡我們',
    }),
    product_approved: (p) => ({
      subject: `已核准：${named(p)}`,
      greeting: '您好：',
      paragraphs: [`您的商品 ${named(p)}（${p.productId}）已通過審核，現已在商城上架。`],
      action: '查看商品',
    }),
    product_rejected: (p) => ({
      subject: `未通過審核：${named(p)}`,
      greeting: '您好：',
      paragraphs: [`您的商品 ${named(p)}（${p.productId}）未通過審核，原因如下：`],
      list: p.reasons.map((r) => rejectionReason(r, L)),
      closing: [...(p.note ? [`審核人員備註：${p.note}`] : []), '請修改商品後再次送審。'],
      action: '修改商品',
    }),
    product_changes_requested: (p) => ({
      subject: `需要修改：${named(p)}`,
      greeting: '您好：',
      paragraphs: [`審核人員請您修改 ${named(p)}（${p.productId}）：`, p.note, '請修改商品後再次送審。'],
      action: '修改商品',
    }),
    payout_paid: (p) => ({
      subject: `撥款已送出：${usd(p.paidCents)}`,
      greeting: '您好：',
      paragraphs: [`您 ${period(p.period, L)} 的撥款 ${p.payoutId} 已送出。`, '對帳單列出此筆撥款包含的每一筆訂單。'],
      list: [`撥出餘額：${usd(p.amountCents)}`, `轉帳手續費：${usd(p.feeCents)}`, `實收金額：${usd(p.paidCents)}`],
      action: '查看撥款與對帳單',
    }),
    payout_failed: (p) => ({
      subject: `撥款失敗：${usd(p.amountCents)}`,
      greeting: '您好：',
      paragraphs: [
        `您 ${period(p.period, L)} 的撥款 ${p.payoutId}（${usd(p.amountCents)}）未能完成：${payoutFailure(p.reason, L)}。`,
        '款項已退回您的餘額，將於下次撥款時支付。請檢查您的收款方式。',
      ],
      action: '查看撥款',
    }),
    balance_rolled_over: (p) => ({
      subject: `您的餘額 ${usd(p.balanceCents)} 將累計至下期`,
      greeting: '您好：',
      paragraphs: [
        `您的餘額 ${usd(p.balanceCents)} 低於最低撥款金額 ${usd(p.minimumCents)}，本期不撥款。`,
        `餘額將保留並於之後的撥款中支付，最早於 ${day(p.nextPayoutDate, L)}。`,
      ],
      action: '查看撥款',
    }),
    payout_method_changed: (p, ctx) => ({
      subject: '安全通知：您的收款方式已變更',
      greeting: '您好：',
      paragraphs: [
        `您賣家帳戶的收款方式已變更為${p.method === 'bank' ? '銀行帳戶' : '電子郵件付款'}。`,
        ...(p.holdUntil ? [`為保護您的帳戶，撥款將暫停至 ${instant(p.holdUntil, L)}。`] : []),
        `如非本人操作，請立即聯絡客服${supportAt(ctx)}`,
      ],
      action: '檢查收款方式',
    }),
    password_changed: (_p, ctx) => ({
      subject: '安全通知：您的密碼已變更',
      greeting: '您好：',
      paragraphs: ['您的賣家平台帳戶密碼剛剛已變更。', `如非本人操作，請立即重設密碼並聯絡客服${supportAt(ctx)}`],
      action: '登入',
    }),
    team_invitation: (p) => ({
      subject: `邀請您加入賣家平台上的 ${p.businessName}`,
      greeting: '您好：',
      paragraphs: [
        `${p.invitedBy} 邀請您以「${roleName(p.role, L)}」身分加入賣家平台上 ${p.businessName} 的團隊。`,
        `請開啟連結，並以此電子郵件地址（${p.email}）登入或建立帳戶以接受邀請。邀請有效至 ${instant(p.expiresAt, L)}。`,
        '如果您並未預期收到此邀請，可忽略這封郵件。',
      ],
      action: '接受邀請',
    }),
    team_member_changed: (p, ctx) => ({
      subject: '安全通知：您的團隊有變更',
      greeting: '您好：',
      paragraphs: [
        p.change === 'invited'
          ? `${p.by} 已邀請 ${p.memberEmail} 以「${roleName(p.role, L)}」身分加入您的團隊。`
          : p.change === 'joined'
            ? `${p.memberEmail} 已接受邀請，以「${roleName(p.role, L)}」身分加入您的團隊。`
            : p.change === 'role_changed'
              ? `${p.by} 已將 ${p.memberEmail} 的角色從「${p.previousRole ? roleName(p.previousRole, L) : '-'}」改為「${roleName(p.role, L)}」。`
              : `${p.by} 已將 ${p.memberEmail}（${roleName(p.role, L)}）移出您的團隊，其登入工作階段已終止。`,
        `如非預期，請檢查您的團隊並立即聯絡客服${supportAt(ctx)}`,
      ],
      action: '檢視團隊',
    }),
    support_case_received: (p) => ({
      subject: `我們已收到您的客服案件 ${p.caseId}`,
      greeting: '您好：',
      paragraphs: [`感謝您與我們聯絡。您的案件 ${p.caseId}（${supportCategory(p.category, L)}）已建立，我們的團隊將盡快回覆。`, '您的訊息：'],
      list: [p.message],
      action: '查看客服案件',
    }),
    support_reply: (p) => ({
      subject: `客服案件 ${p.caseId} 有新回覆`,
      greeting: '您好：',
      paragraphs: [`客服團隊已回覆您的案件 ${p.caseId}：`, p.message],
      action: '查看客服案件',
    }),
    stock_low: (p) => ({
      subject: `庫存偏低：${named(p)}`,
      greeting: '您好：',
      paragraphs: [`${named(p)}（貨號 ${p.sku}）庫存只剩 ${p.inventory} 件，已達您設定的低庫存門檻 ${p.threshold}。`, '請補貨，或在庫存頁面更新庫存數量。'],
      action: '開啟庫存頁面',
    }),
    security_mfa_on: (_p, ctx) => ({
      subject: '安全通知：兩步驟登入已開啟',
      greeting: '您好：',
      paragraphs: ['您賣家平台帳戶的兩步驟登入（驗證器應用程式）剛剛已開啟。現在登入時會要求輸入該應用程式的驗證碼。', `如非本人操作，可能有人知道您的密碼：請立即變更密碼並聯絡客服${supportAt(ctx)}`],
      action: '登入',
    }),
    security_mfa_off: (p, ctx) => ({
      subject: '安全通知：兩步驟登入已關閉',
      greeting: '您好：',
      paragraphs: [
        p.by === 'operations'
          ? '應您的要求，平台營運人員已關閉您賣家平台帳戶的兩步驟登入。您現在只需密碼即可登入。'
          : '您賣家平台帳戶的兩步驟登入剛剛已關閉。您現在只需密碼即可登入。',
        '請在「帳戶設定」重新開啟，以保護您的帳戶與撥款。',
        `如非本人操作，請立即變更密碼並聯絡客服${supportAt(ctx)}`,
      ],
      action: '登入',
    }),
  },
  footer: (ctx, security) =>
    security ? `此安全通知一律寄送，無法關閉。賣家平台：${ctx.portalUrl}` : `您依通知設定收到此郵件；可在賣家平台的帳戶設定中變更：${ctx.portalUrl}`,
};
