import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_FILL, WHITE_SHARE, type PrimaryImageCheck } from '@contracts/primary-image';
import type { ImageItem } from './image-uploads';
import { measurePrimaryImage } from './primary-image-check';

type Advice = { url: string; check: PrimaryImageCheck | null } | null;

const percent = (share: number) => Math.round(share * 100);

/**
 * The primary-image rules' advice beside the primary image (issue 15, spec §5): measured in the
 * browser as soon as an image becomes primary (primary-image-check.ts), what is wrong and how to fix
 * it, or that it looks right. Advice only: saving is never blocked by it, and the review team
 * decides. Nothing shows while it is measured (a moment). A stored image shows what the server's image
 * check measured on the upload itself when it measured (the browser would only see a rendition, whose
 * compression can move near-white pixels across the line), else the browser measures its display size.
 */
export function PrimaryImageAdvice({ item, testId = 'primary-advice' }: { item: ImageItem | undefined; testId?: string }) {
  const { t } = useTranslation();
  const serverCheck = item?.serverCheck;
  const url = serverCheck ? '' : (item?.measureUrl ?? item?.previewUrl ?? '');
  const [advice, setAdvice] = useState<Advice>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    void measurePrimaryImage(url).then((check) => {
      if (current) setAdvice({ url, check });
    });
    return () => {
      current = false;
    };
  }, [url]);

  if (!url && !serverCheck) return null;
  const check = serverCheck ?? (advice?.url === url ? advice.check : null);
  // A polite live region that exists before its text does, so a screen reader reads the advice when it arrives.
  return (
    <div className={check ? `primary-advice ${check.problems.length ? 'primary-advice-warn' : 'primary-advice-ok'}` : undefined} aria-live="polite" data-testid={testId}>
      {check && (
        <>
          {check.problems.length === 0 ? (
            <p>{t('primary_check_ok', { fill: percent(check.fill) })}</p>
          ) : (
            <>
              <p>{t('primary_check_problems')}</p>
              <ul>
                {check.problems.map((rule) => (
                  <li key={rule} data-rule={rule}>
                    {rule === 'square'
                      ? t('primary_check_square', { percent: Math.round((check.aspectRatio - 1) * 100) })
                      : rule === 'white_background'
                        ? check.whiteShare === null || check.whiteShare >= WHITE_SHARE
                          ? t('primary_check_white_none')
                          : t('primary_check_white', { share: percent(check.whiteShare) })
                        : t('primary_check_fill', { fill: percent(check.fill), min: percent(MIN_FILL) })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="primary-advice-note">{t('primary_check_not_automatic')}</p>
        </>
      )}
    </div>
  );
}
