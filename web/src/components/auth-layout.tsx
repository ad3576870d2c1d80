import './auth.css';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, languageNameKey, languageToApply } from '../i18n/language';
import { ErrorDetail } from './error-detail';
import { useSession } from '../lib/session';

/**
 * The frame of the header-less pages (login, sign-up, password reset): brand, a small language switch
 * (anonymous visitors switch locally, spec §4) and one card. Plain HTML and CSS: this is the first
 * thing a visitor downloads, so it carries no UI-kit code (see docs/web.md, "Weight").
 */
export function AuthLayout({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const selectId = useId();
  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <span className="auth-brand">
          <img src="/logo.svg" alt="" width="32" height="32" />
          {t('app_title')}
        </span>
        <span className="auth-language">
          <label htmlFor={selectId}>{t('language')}</label>
          <select id={selectId} value={session.language} onChange={(e) => void session.changeLanguageLocally(languageToApply(e.target.value))}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(languageNameKey(l))}
              </option>
            ))}
          </select>
        </span>
      </header>
      <main id="main" className="auth-main">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {intro && <p className="auth-intro">{intro}</p>}
          {children}
        </section>
        {footer && <p className="auth-footer">{footer}</p>}
      </main>
    </div>
  );
}

/** A labelled input with its error shown by the field (and announced through aria-describedby). */
export function AuthField({
  label,
  error,
  hint,
  ref,
  ...input
}: { label: string; error?: string | undefined; hint?: string; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="auth-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="auth-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormAlert({ children, tone = 'error', detail }: { children: ReactNode; tone?: 'error' | 'info' | 'success'; detail?: string | null }) {
  return (
    <div className={`auth-alert auth-alert-${tone}`} role={tone === 'success' ? 'status' : 'alert'}>
      {children}
      {detail && <ErrorDetail text={detail} />}
    </div>
  );
}
