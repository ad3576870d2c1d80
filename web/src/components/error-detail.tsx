import './error-detail.css';
import { useTranslation } from 'react-i18next';

/**
 * A request's reference under a translated error sentence (lib/error-message.ts): a muted secondary
 * line support can be told, never English prose mixed into a zh-TW sentence. A block-level span, so it
 * fits in a paragraph or a phrasing-only parent.
 */
export function ErrorDetail({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="error-detail" data-testid="error-detail">
      {t('error_detail_label')} <span translate="no">{text}</span>
    </span>
  );
}
