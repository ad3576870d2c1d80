import '../../components/data-table.css';
import { useTranslation } from 'react-i18next';
import { isOutOfStock, type InventorySort } from '@contracts/listings/model';
import { namesInOrder } from '@contracts/listings/names';
import { ProductThumb } from '../../components/product-thumb';
import type { Language } from '../../i18n/language';
import { formatCount, formatDay, formatMoney } from '../../lib/format';
import type { InventoryRow } from './api/get-inventory';
import type { InventoryQuery } from './inventory-query';

interface Column {
  id: string;
  label: string;
  sort?: InventorySort;
  numeric?: boolean;
}

export interface InventoryTableProps {
  rows: readonly InventoryRow[];
  query: InventoryQuery;
  busy: boolean;
  language: Language;
  onSort(sort: InventorySort): void;
  onEdit(row: InventoryRow): void;
}

/**
 * The inventory table (spec §2): image, item name, SKU, price, compare-at price, inventory, out of
 * stock, and Edit. Sortable columns are buttons in their headers; the header says the sort in force
 * (aria-sort), and the server sorts, so the order holds across pages.
 */
export function InventoryTable({ rows, query, busy, language, onSort, onEdit }: InventoryTableProps) {
  const { t } = useTranslation();
  const columns: Column[] = [
    { id: 'image', label: t('column_image') },
    { id: 'name', label: t('column_item_name'), sort: 'name' },
    { id: 'sku', label: t('sku'), sort: 'sku' },
    { id: 'price', label: t('column_price'), sort: 'price', numeric: true },
    { id: 'compareAt', label: t('column_compare_at_price'), numeric: true },
    { id: 'inventory', label: t('column_inventory'), sort: 'inventory', numeric: true },
    { id: 'outOfStock', label: t('out_of_stock') },
    { id: 'actions', label: t('column_actions') },
  ];
  const ariaSort = (sort?: InventorySort) => (sort && sort === query.sort ? (query.order === 'asc' ? 'ascending' : 'descending') : sort ? 'none' : undefined);

  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t('inventory_table_caption')}>
      <table className="data-table card-table inventory-table" aria-busy={busy} data-testid="inventory-table">
        <caption className="visually-hidden">{t('inventory_table_caption')}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" aria-sort={ariaSort(c.sort)} className={c.numeric ? 'numeric' : undefined}>
                {c.sort ? (
                  <button type="button" className="sort-button" onClick={() => onSort(c.sort!)} data-testid={`sort-${c.sort}`}>
                    {c.label}
                    <span className="sort-indicator" aria-hidden="true">
                      {c.sort === query.sort ? (query.order === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : c.id === 'image' ? (
                  <span className="visually-hidden">{c.label}</span>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <InventoryTableRow key={row.productId} row={row} language={language} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One product's row: image, names and status, SKU, prices, stock (low-stock badge), out of stock (until a day), Edit. */
function InventoryTableRow({ row, language, onEdit }: { row: InventoryRow; language: Language; onEdit(row: InventoryRow): void }) {
  const { t } = useTranslation();
  const money = (cents: number | null) => (cents === null ? <span className="muted">—</span> : formatMoney(cents, language));
  // The name in the vendor's language first, the other under it (issue 24, item 19).
  const { first, second } = namesInOrder(row, language);
  const name = first?.text ?? row.sku;
  return (
    <tr data-testid="inventory-row" data-product-id={row.productId}>
      <td className="inventory-image">
        {row.thumbnailUrl ? <ProductThumb src={row.thumbnailUrl} /> : <span className="product-thumb product-thumb-empty" aria-hidden="true" />}
      </td>
      <th scope="row">
        <span className="product-name" lang={first?.lang}>
          {name}
        </span>
        {second && (
          <span className="product-name-zh" lang={second.lang}>
            {second.text}
          </span>
        )}
        <span className={`product-status product-status-${row.status}`}>{t(`product_status_${row.status}`)}</span>
      </th>
      <td className="product-sku" data-label={t('sku')}>
        {row.sku}
      </td>
      <td className="numeric" data-testid="inventory-price" data-label={t('column_price')}>
        {money(row.priceCents)}
      </td>
      <td className="numeric" data-testid="inventory-compare-at" data-label={t('column_compare_at_price')}>
        {money(row.compareAtCents)}
      </td>
      <td className="numeric" data-testid="inventory-count" data-label={t('column_inventory')}>
        {formatCount(row.inventory, language)}
        {row.lowStock && (
          <span className="low-stock-badge" data-testid="inventory-low-stock">
            {t('low_stock_badge')}
          </span>
        )}
      </td>
      <td data-testid="inventory-out-of-stock" data-label={t('out_of_stock')}>
        {isOutOfStock(row) ? <span className="out-of-stock-badge">{t('out_of_stock')}</span> : <span className="muted">{t('in_stock')}</span>}
        {row.outOfStock && row.restockOn && (
          <span className="restock-on muted" data-testid="inventory-restock-on">
            {t('back_in_stock_on', { date: formatDay(row.restockOn, language) })}
          </span>
        )}
      </td>
      <td className="card-wide">
        <button type="button" className="text-button" onClick={() => onEdit(row)} aria-label={t('edit_offer_label', { name })} data-testid="inventory-edit">
          {t('edit')}
        </button>
      </td>
    </tr>
  );
}
