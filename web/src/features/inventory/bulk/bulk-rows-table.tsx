import { useTranslation } from 'react-i18next';
import type { BulkRow, BulkValues } from '@contracts/bulk';
import type { Language } from '../../../i18n/language';
import { formatCount, formatMoney } from '../../../lib/format';

/** A value as the dry run or the report show it: old → new when it changes. */
function Change({ from, to, render }: { from?: number | null; to?: number | null; render(v: number | null): string }) {
  if (from === undefined) return <span className="muted">—</span>;
  if (to === undefined || to === from) return <>{render(from)}</>;
  return (
    <span className="bulk-change">
      <del>{render(from)}</del> <span aria-hidden="true">→</span> <ins>{render(to)}</ins>
    </span>
  );
}

/** The file's rows: line, SKU, product, each value's change, and the row's result (change, unchanged, error, outcome). */
export function BulkRowsTable({ rows, language }: { rows: BulkRow[]; language: Language }) {
  const { t } = useTranslation();
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, language));
  const stock = (n: number | null) => (n === null ? '—' : formatCount(n, language));
  const value = (row: BulkRow, key: keyof BulkValues) => ({ from: row.old?.[key], to: row.new?.[key] });
  const result = (row: BulkRow) => {
    if (row.error) return <span className="bulk-row-error">{t(`bulk_error_${row.error}`)}</span>;
    if (row.outcome) return <span className={`bulk-outcome bulk-outcome-${row.outcome}`}>{t(`bulk_outcome_${row.outcome}`)}</span>;
    return t('bulk_row_change');
  };
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('bulk_rows_caption')}>
      <table className="data-table card-table bulk-table" data-testid="bulk-rows">
        <caption className="visually-hidden">{t('bulk_rows_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulk_col_line')}</th>
            <th scope="col">{t('sku')}</th>
            <th scope="col">{t('bulk_col_product')}</th>
            <th scope="col" className="numeric">{t('column_price')}</th>
            <th scope="col" className="numeric">{t('column_compare_at_price')}</th>
            <th scope="col" className="numeric">{t('column_inventory')}</th>
            <th scope="col">{t('bulk_col_result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} data-testid="bulk-row" data-sku={row.sku} data-kind={row.kind} data-outcome={row.outcome ?? ''} className={row.kind === 'error' ? 'bulk-row-has-error' : undefined}>
              <td data-label={t('bulk_col_line')}>{row.line}</td>
              <th scope="row" data-label={t('sku')}>
                {row.sku || '—'}
              </th>
              <td data-label={t('bulk_col_product')}>{(language === 'zh-TW' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh) ?? '—'}</td>
              <td className="numeric" data-label={t('column_price')} data-testid="bulk-price">
                <Change {...value(row, 'priceCents')} render={money} />
              </td>
              <td className="numeric" data-label={t('column_compare_at_price')}>
                <Change {...value(row, 'compareAtCents')} render={money} />
              </td>
              <td className="numeric" data-label={t('column_inventory')} data-testid="bulk-stock">
                <Change {...value(row, 'inventory')} render={stock} />
              </td>
              <td className="card-wide" data-label={t('bulk_col_result')} data-testid="bulk-result">
                {result(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
