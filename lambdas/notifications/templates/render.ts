/**
 * Renders an inbox item's e-mail in a language: the template's parts as subject, plain text and a
 * simple HTML body (every value escaped). Params are checked against contracts/notifications.ts.
 */
import { notificationCategory, notificationParams, type NotificationType } from '../../../contracts/notifications';
import type { Language } from '../../../contracts/languages';
import { en } from './en';
import type { Message, TemplateContext, TemplateSet } from './types';
import { zhTW } from './zh-TW';

export const templateSets: Record<Language, TemplateSet> = { en, 'zh-TW': zhTW };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderMessage<T extends NotificationType>(type: T, params: unknown, language: Language, ctx: TemplateContext): Message {
  const parsed = notificationParams[type].parse(params);
  const template = templateSets[language].templates[type] as (p: typeof parsed, c: TemplateContext) => Message;
  return template(parsed, ctx);
}

/** The portal's colours (web/src/styles.css: --sp-brand, --sp-brand-light, the text and muted greys). */
const BRAND = '#1f6f43';
const BRAND_LIGHT = '#e8f3ec';
const TEXT = '#1f2933';
const MUTED = '#52606d';
/** Long unbroken words (a business name, a URL) wrap instead of widening the message. */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

/**
 * The HTML body: one column that fits a 390-px phone and stops at 600 px on a desk (a viewport, no
 * fixed widths, long words wrapped), the portal's green band and button, and the order a vendor reads
 * in: greeting, what happened, the list (reasons, figures, the message) right after the paragraphs that
 * introduce it, what to do about it, then the call to action and the footer (issue 24, item 20).
 */
function htmlBody(m: Message, language: Language, footer: string, url: string, brand: string): string {
  const p = (text: string) => `<p style="margin:0 0 16px;${WRAP}">${escapeHtml(text)}</p>`;
  const list = m.list?.length
    ? [`<ul style="margin:0 0 16px;padding-left:20px;${WRAP}">${m.list.map((l) => `<li style="margin:0 0 4px">${escapeHtml(l)}</li>`).join('')}</ul>`]
    : [];
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(m.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${BRAND_LIGHT};font-family:Arial,Helvetica,'Noto Sans CJK TC','PingFang TC','Microsoft JhengHei',sans-serif;color:${TEXT};line-height:1.5;font-size:16px">`,
    `<div style="box-sizing:border-box;width:100%;max-width:600px;margin:0 auto;background:#ffffff">`,
    `<div style="background:${BRAND};color:#ffffff;padding:12px 16px;font-weight:bold;font-size:18px">${escapeHtml(brand)}</div>`,
    `<div style="padding:20px 16px">`,
    p(m.greeting),
    ...m.paragraphs.map(p),
    ...list,
    ...(m.closing ?? []).map(p),
    `<p style="margin:24px 0" data-role="action"><a href="${escapeHtml(url)}" style="display:inline-block;max-width:100%;box-sizing:border-box;padding:12px 20px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;${WRAP}">${escapeHtml(m.action)}</a></p>`,
    `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #d9e2ec;font-size:13px;color:${MUTED};${WRAP}" data-role="footer">${escapeHtml(footer)}</p>`,
    '</div></div></body></html>',
  ].join('\n');
}

export function renderEmail(type: NotificationType, params: unknown, language: Language, ctx: TemplateContext): RenderedEmail {
  const set = templateSets[language];
  const m = renderMessage(type, params, language, ctx);
  const footer = set.footer(ctx, notificationCategory[type] === 'security');
  // The plain text in the same order as the HTML.
  const text = [
    m.greeting,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    ...(m.list?.length ? [...m.list.map((l) => `- ${l}`), ''] : []),
    ...(m.closing ?? []).flatMap((p) => [p, '']),
    `${m.action}: ${ctx.url}`,
    '',
    '--',
    footer,
  ].join('\n');
  return { subject: m.subject, text, html: htmlBody(m, language, footer, ctx.url, set.brand) };
}
