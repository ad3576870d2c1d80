import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { languageToApply, type Language } from '../../i18n/language';
import { formatCount, formatDay, formatMoney, formatMoneyWhole } from '../../lib/format';
import { labelledDays, salesAxis } from './chart-scale';
import type { DaySales } from './api/get-dashboard';

/** Drawn at the width it is shown (text stays 12 px on a phone); this until the first measurement. */
const DEFAULT_WIDTH = 720;
const MIN_WIDTH = 280;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 30 };
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

/** The width of an element, following resizes (ResizeObserver reports the first size on its own). */
function useWidth<T extends Element>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, measured));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface DailySalesChartProps {
  /** The last 30 days, oldest first, today last (GET /api/dashboard `daily`). */
  daily: readonly DaySales[];
  currency: string;
}

/**
 * The 30-day sales chart: hand-written SVG bars (today highlighted), a one-line summary, and the same
 * numbers as a table. The drawing is hidden from assistive technology; the table is always in the
 * page for screen readers and shown on screen with "Show as table". A lazy chunk of the dashboard.
 */
export default function DailySalesChart({ daily, currency }: DailySalesChartProps) {
  const { t, i18n } = useTranslation();
  const language = languageToApply(i18n.language);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>();

  const totalCents = daily.reduce((s, d) => s + d.amountCents, 0);
  const totalOrders = daily.reduce((s, d) => s + d.orders, 0);
  const best = daily.reduce<DaySales | undefined>((b, d) => (d.amountCents > (b?.amountCents ?? 0) ? d : b), undefined);
  const axis = salesAxis(best?.amountCents ?? 0);
  const tickLabels = axis.tickValues.map((value) => formatMoneyWhole(value, language, currency));
  // Room for the longest amount at 12 px (about 7 px a character), so "US$10,000" is never cut off.
  const left = Math.max(40, Math.ceil(Math.max(...tickLabels.map((l) => l.length)) * 7.2) + 12);
  const plotWidth = width - left - MARGIN.right;
  const slot = plotWidth / daily.length;
  const barWidth = Math.max(2, slot * 0.64);
  const y = (cents: number) => MARGIN.top + PLOT_H - (Math.max(cents, 0) / axis.topCents) * PLOT_H;
  // A label about every 48 px: every 5th day on a desktop, every 10th on a phone.
  const labelled = labelledDays(daily.length, slot * 5 >= 48 ? 5 : 10);
  const money = (cents: number) => formatMoney(cents, language, currency);

  const summary = best
    ? t('daily_sales_summary', {
        total: money(totalCents),
        orders: formatCount(totalOrders, language),
        day: formatDay(best.day, language),
        amount: money(best.amountCents),
      })
    : t('daily_sales_summary_none');

  return (
    <div className="sales-chart">
      <p className="sales-chart-summary" data-testid="daily-sales-summary">
        {summary}
      </p>
      <div ref={frameRef} className="sales-chart-frame">
        <svg className="sales-chart-svg" viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true" focusable="false">
          {axis.tickValues.map((value, i) => (
            <g key={value}>
              <line className="sales-chart-grid" x1={left} x2={width - MARGIN.right} y1={y(value)} y2={y(value)} />
              <text className="sales-chart-tick" x={left - 8} y={y(value)} dy="0.32em" textAnchor="end">
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {daily.map((d, i) => {
            const top = y(d.amountCents);
            const x = left + i * slot + (slot - barWidth) / 2;
            const isToday = i === daily.length - 1;
            return (
              <g key={d.day}>
                {d.amountCents > 0 && (
                  <rect className={isToday ? 'sales-chart-bar sales-chart-bar-today' : 'sales-chart-bar'} x={x} y={top} width={barWidth} height={MARGIN.top + PLOT_H - top} rx={2}>
                    <title>{`${formatDay(d.day, language, 'weekday')}: ${money(d.amountCents)}`}</title>
                  </rect>
                )}
                {labelled.has(i) && (
                  <text className="sales-chart-tick" x={x + barWidth / 2} y={HEIGHT - 10} textAnchor="middle">
                    {formatDay(d.day, language, 'axis')}
                  </text>
                )}
              </g>
            );
          })}
          <line className="sales-chart-axis" x1={left} x2={width - MARGIN.right} y1={MARGIN.top + PLOT_H} y2={MARGIN.top + PLOT_H} />
        </svg>
      </div>
      <div className="sales-chart-actions">
        <button type="button" className="text-button" aria-pressed={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)} data-testid="daily-sales-table-toggle">
          {t('show_as_table')}
        </button>
      </div>
      <DailySalesTable id={tableId} shown={showTable} daily={daily} money={money} language={language} />
    </div>
  );
}

/** The chart's numbers as a table: always in the page for screen readers, shown on screen with "Show as table". */
function DailySalesTable({ id, shown, daily, money, language }: { id: string; shown: boolean; daily: readonly DaySales[]; money(cents: number): string; language: Language }) {
  const { t } = useTranslation();
  return (
    <div id={id} className={shown ? 'sales-table-wrap' : 'visually-hidden'}>
      <table className="data-table sales-table" data-testid="daily-sales-table">
        <caption>{t('daily_sales_table_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('day')}</th>
            <th scope="col" className="numeric">
              {t('sales_amount')}
            </th>
            <th scope="col" className="numeric">
              {t('quantity_sold')}
            </th>
            <th scope="col" className="numeric">
              {t('orders_count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">
                <time dateTime={d.day}>{formatDay(d.day, language, 'weekday')}</time>
              </th>
              <td className="numeric">{money(d.amountCents)}</td>
              <td className="numeric">{formatCount(d.quantity, language)}</td>
              <td className="numeric">{formatCount(d.orders, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
