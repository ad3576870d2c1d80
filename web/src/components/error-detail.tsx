import './error-detail.css';
import { useTranslation } from 'react-i18next';

/**
 * The server's or browser's own words under a translated error sentence (lib/error-message.ts): a
 * muted secondary line, marked as English (the API and the browsers' fetch errors speak English), so
 * a zh-TW sentence is never mixed with it and support can still be told the exact text. A block-level
 * span, so it fits in a paragraph or a phrasing-only parent.
 */
export function ErrorDetail({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="error-detail" data-testid="error-detail">
      {t('error_detail_label')} <span lang="en">{text}</span>
    </span>
  );
}
