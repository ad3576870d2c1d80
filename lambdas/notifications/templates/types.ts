/**
 * E-mail templates: one per event and language (./en.ts, ./zh-TW.ts), typed against the event
 * params of contracts/notifications.ts. A template returns the message's parts; ./render.ts lays
 * them out as subject, plain text and simple HTML.
 */
import type { NotificationParams, NotificationType } from '../../../contracts/notifications';
import type { Language } from '../../../contracts/languages';

export interface TemplateContext {
  /** The vendor's business name as stored on the vendor record. */
  vendorName: string;
  /** The portal's origin (no trailing slash), e.g. https://sellers.example.com. */
  portalUrl: string;
  /** Absolute URL of what the notification is about (the inbox item's link in the portal). */
  url: string;
  /** Absolute URL of the portal's sign-in page. */
  signInUrl: string;
  /** Where a vendor asks for help (the portal's support address); absent where none is set up (dev stages). */
  supportEmail?: string;
}

export interface Message {
  subject: string;
  /** Opening line, e.g. "Hello Harbor Fresh,". */
  greeting: string;
  /** Paragraphs of plain text (rendered as <p> in HTML, escaped). */
  paragraphs: string[];
  /** Lines shown as a list (e.g. rejection reasons, payout figures), right after the paragraphs. */
  list?: string[];
  /** Paragraphs after the list (what to do about the reasons), before the call to action. */
  closing?: string[];
  /** The call to action: a link label; the link is the context's url. */
  action: string;
}

export type Template<T extends NotificationType> = (params: NotificationParams<T>, ctx: TemplateContext) => Message;

export interface TemplateSet {
  language: Language;
  /** The portal's name in the e-mail's header band. */
  brand: string;
  templates: { [T in NotificationType]: Template<T> };
  /** Closing lines under every e-mail (why the vendor receives it, how to change preferences). */
  footer: (ctx: TemplateContext, security: boolean) => string;
}
