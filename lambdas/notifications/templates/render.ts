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

export function renderEmail(type: NotificationType, params: unknown, language: Language, ctx: TemplateContext): RenderedEmail {
  const set = templateSets[language];
  const m = renderMessage(type, params, language, ctx);
  const footer = set.footer(ctx, notificationCategory[type] === 'security');
  const text = [m.greeting, '', ...m.paragraphs.flatMap((p) => [p, '']), ...(m.list?.length ? [...m.list.map((l) => `- ${l}`), ''] : []), `${m.action}: ${ctx.url}`, '', '--', footer].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:600px">',
    `<p>${escapeHtml(m.greeting)}</p>`,
    ...m.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(m.list?.length ? [`<ul>${m.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`] : []),
    `<p><a href="${escapeHtml(ctx.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(m.action)}</a></p>`,
    `<hr><p style="font-size:12px;color:#52606d">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: m.subject, text, html };
}
