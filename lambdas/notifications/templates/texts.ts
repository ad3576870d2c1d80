/**
 * Texts the templates share with the web: product rejection reasons (the codes of
 * REJECTION_REASONS in contracts/listings/model.ts; the web's `rejection_<code>` in
 * web/src/i18n/*.json — keep them the same), support categories (the web's labels) and payout
 * failure reasons. A reason that is not a known code is free text and is shown as written.
 */
import type { Language } from '../../../contracts/languages';
import type { MemberRole } from '../../../contracts/team';
import type { REJECTION_REASONS } from '../../../contracts/listings/model';
import type { SupportCategory } from '../../../contracts/support/categories';

type RejectionReason = (typeof REJECTION_REASONS)[number];

export const rejectionReasonTexts: Record<Language, Record<RejectionReason, string>> = {
  en: {
    image_background: 'The primary image needs a pure white background.',
    image_text_or_watermark: 'Images must not show text, logos or watermarks.',
    image_not_square: 'The primary image must be square.',
    image_coverage: 'The product must fill at least 85 % of the primary image.',
    nutrition_label_unreadable: 'The nutrition facts label photo cannot be read.',
    name_mismatch: 'The product name does not match the product shown.',
    barcode_invalid: 'The barcode does not belong to this product.',
    missing_information: 'Required information is missing or incomplete.',
    prohibited_product: 'This product cannot be sold in the marketplace.',
  },
  'zh-TW': {
    image_background: '主圖背景須為純白色。',
    image_text_or_watermark: '圖片不可含有文字、標誌或浮水印。',
    image_not_square: '主圖須為正方形。',
    image_coverage: '商品須占主圖畫面至少 85%。',
    nutrition_label_unreadable: '營養標示照片無法辨識。',
    name_mismatch: '商品名稱與圖片中的商品不符。',
    barcode_invalid: '條碼與此商品不符。',
    missing_information: '必要資訊缺漏或不完整。',
    prohibited_product: '此商品不得在本商城販售。',
  },
};

export const supportCategoryTexts: Record<Language, Record<SupportCategory, string>> = {
  en: {
    add_remove_product: 'Add/Remove a product',
    payouts_category: 'Payouts',
    title_image_description_update: 'Title/image/description update',
    send_product_to_warehouse: 'Send product to the marketplace warehouse',
    inventory_category: 'Inventory',
    ask_question: 'Ask a question',
    suggest_improvement: 'Suggest an improvement',
    report_bug: 'Report a bug',
  },
  'zh-TW': {
    add_remove_product: '新增／移除商品',
    payouts_category: '撥款',
    title_image_description_update: '標題／圖片／說明更新',
    send_product_to_warehouse: '將商品送至市集倉庫',
    inventory_category: '庫存',
    ask_question: '提出問題',
    suggest_improvement: '提供改善建議',
    report_bug: '回報錯誤',
  },
};

/** Why a payout failed (lambdas/payouts: worker, providers, bank confirmation). */
const payoutFailureTexts: Record<Language, Record<string, string>> = {
  en: {
    destination_changed: 'your payout method changed after the payout was prepared',
    method_unavailable: 'your payout method is not available at the moment',
    bank_transfer_failed: 'the bank could not complete the transfer',
    not_an_email_destination: 'the payout method does not match the provider',
    not_a_bank_destination: 'the payout method does not match the provider',
    refused: 'the payment provider refused the payment',
  },
  'zh-TW': {
    destination_changed: '撥款準備後您的收款方式已變更',
    method_unavailable: '您的收款方式目前無法使用',
    bank_transfer_failed: '銀行無法完成轉帳',
    not_an_email_destination: '收款方式與付款服務不符',
    not_a_bank_destination: '收款方式與付款服務不符',
    refused: '付款服務拒絕了此筆款項',
  },
};

const known = <K extends string>(table: Record<K, string>, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key as K] : undefined;

export const rejectionReason = (code: string, language: Language): string => known(rejectionReasonTexts[language], code) ?? code;
export const supportCategory = (code: string, language: Language): string => known(supportCategoryTexts[language], code) ?? code;
export function payoutFailure(code: string, language: Language): string {
  const text = known(payoutFailureTexts[language], code);
  if (text) return text;
  return language === 'zh-TW' ? `付款服務回報錯誤（${code}）` : `the payment provider reported an error (${code})`;
}

/** Team roles (issue 14) as the web's `team_role_<role>` says them. */
export const roleTexts: Record<Language, Record<MemberRole, string>> = {
  en: { owner: 'Owner', manager: 'Manager', inventory: 'Inventory', finance: 'Finance' },
  'zh-TW': { owner: '擁有者', manager: '經理', inventory: '庫存管理', finance: '財務' },
};
export const roleName = (role: MemberRole, language: Language): string => roleTexts[language][role];
