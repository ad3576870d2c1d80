import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<page> · Seller Portal" (in the current language). */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const app = t('app_title');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
