import '../../components/data-table.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductTab, ProductView } from '@contracts/listings/model';
import { namesInOrder, productNameIn } from '@contracts/listings/names';
import type { Language } from '../../i18n/language';
import { formatCount, formatDateTime, formatMoney } from '../../lib/format';
import { ProductThumb } from '../../components/product-thumb';
import { LockedEditButton } from './locked-edit';
import { RejectionReasons } from './rejection-reasons';

export interface ProductListProps {
  tab: ProductTab;
  products: readonly ProductView[];
  language: Language;
  /** The marketplace's zone: dates are shown in it, as everywhere in the portal. */
  timeZone: string;
  busy: boolean;
  onDelete(product: ProductView): void;
}

function When({ at, language, timeZone }: { at: string | null | undefined; language: Language; timeZone: string }) {
  if (!at) return <span className="muted">—</span>;
  const { date, time } = formatDateTime(at, language, timeZone);
  return (
    <time dateTime={at} className="product-date">
      {date}
      <span className="product-time">{time}</span>
    </time>
  );
}

export interface ShownVersion {
  nameEn: string;
  nameZh: string;
  thumbnailUrl: string | null;
}

/**
 * What a row shows: on Published the live version (what shoppers see), on the other tabs the working
 * revision, so an update in review shows its new name under Pending review and the old one under
 * Published. The API's summary (`nameEn`, `thumbnailUrl`: the live version's when there is one)
 * stands in only if the tab's version is missing, which a tab's answer never has.
 */
export function shownVersion(product: ProductView, tab: ProductTab): ShownVersion {
  const version = tab === 'published' ? product.live : product.revision;
  if (!version) return { nameEn: product.nameEn, nameZh: product.nameZh, thumbnailUrl: product.thumbnailUrl };
  const primary = version.images[0];
  return { nameEn: version.content.nameEn, nameZh: version.content.nameZh, thumbnailUrl: primary ? (primary.thumbnailUrl ?? primary.url) : null };
}

/** The product's name in a tab's labels and messages, in the vendor's language first (the SKU when a draft has no name yet). */
export const shownName = (product: ProductView, tab: ProductTab, language: string): string => productNameIn(shownVersion(product, tab), language, product.sku);

/** What Delete does in a tab: a draft is deleted; a rejected product is deleted when it was never published, else its rejected changes are discarded. */
export type RemoveKind = 'draft' | 'product' | 'changes';
export function removeKind(product: ProductView, tab: ProductTab): RemoveKind | null {
  if (tab === 'draft') return 'draft';
  if (tab === 'rejected') return product.live ? 'changes' : 'product';
  return null;
}

/** The row header: thumbnail, the name in the vendor's language and the other name under it (issue 24, item 19). */
function ProductName({ shown, language }: { shown: ShownVersion; language: Language }) {
  const { first, second } = namesInOrder(shown, language);
  return (
    <div className="product-name-cell">
      {shown.thumbnailUrl ? <ProductThumb src={shown.thumbnailUrl} /> : <span className="product-thumb product-thumb-empty" aria-hidden="true" />}
      <span>
        <span className="product-name" data-testid="product-name" lang={first?.lang}>
          {first?.text}
        </span>
        {second && (
          <span className="product-name-zh" lang={second.lang} data-testid="product-name-second">
            {second.text}
          </span>
        )}
      </span>
    </div>
  );
}

const REMOVE_LABEL: Record<RemoveKind, { text: string; label: string; testId: string }> = {
  draft: { text: 'delete', label: 'delete_draft_label', testId: 'product-delete' },
  product: { text: 'delete', label: 'delete_product_label', testId: 'product-delete' },
  changes: { text: 'discard_changes', label: 'discard_changes_label', testId: 'product-discard' },
};

const editPath = (product: ProductView) => `/products/${encodeURIComponent(product.productId)}/edit`;

/**
 * The product lists (spec §2): Published; Pending review (product name, date submitted, action: Edit
 * disabled with the tooltip); Rejected with the reasons, Edit & Resubmit and Delete (or Discard
 * changes for a published product's update); Drafts with Edit and Delete, and the reasons of the
 * last review when the draft is a rejected version saved again. One table per tab, rows as the API
 * orders them.
 */
export function ProductList({ tab, products, language, timeZone, busy, onDelete }: ProductListProps) {
  const { t } = useTranslation();
  const when = (at: string | null | undefined) => <When at={at} language={language} timeZone={timeZone} />;
  const headers: Record<ProductTab, string[]> = {
    published: [t('column_product'), t('sku'), t('column_price'), t('column_inventory'), t('column_published'), t('column_actions')],
    pending: [t('column_product'), t('column_date_submitted'), t('column_action')],
    rejected: [t('column_product'), t('column_rejection_reasons'), t('column_rejected'), t('column_action')],
    draft: [t('column_product'), t('column_last_saved'), t('column_actions')],
  };
  const numeric = new Set(tab === 'published' ? [2, 3] : []);
  const caption = t(`products_table_caption_${tab}`);

  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table card-table products-table" aria-busy={busy} data-testid="products-table" data-tab={tab}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers[tab].map((h, i) => (
              <th key={h} scope="col" className={numeric.has(i) ? 'numeric' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <ProductRow key={p.productId} p={p} tab={tab} language={language} headers={headers} when={when} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ProductRowProps {
  p: ProductView;
  tab: ProductTab;
  language: Language;
  /** The tab's column headers: each cell's label on small screens (card-table). */
  headers: Record<ProductTab, string[]>;
  when(at: string | null | undefined): ReactNode;
  onDelete(product: ProductView): void;
}

/** One product's row in a tab: the name (and the revision's note, the draft's reasons), the tab's columns, and its actions. */
function ProductRow({ p, tab, language, headers, when, onDelete }: ProductRowProps) {
  const { t } = useTranslation();
  const name = shownName(p, tab, language);
  const revision = p.revision;
  const remove = removeKind(p, tab);
  return (
    <tr data-testid="product-row" data-product-id={p.productId}>
      <th scope="row">
        <ProductName shown={shownVersion(p, tab)} language={language} />
        {tab === 'published' && revision && (
          <span className={`revision-note revision-${revision.state}`} data-testid="revision-note">
            {t(`revision_note_${revision.state}`)}
          </span>
        )}
        {tab === 'draft' && revision && revision.rejectionReasons.length > 0 && (
          <div className="draft-rejection" data-testid="draft-rejection">
            <span className="draft-rejection-title">{t('draft_rejection_title')}</span>
            <RejectionReasons reasons={revision.rejectionReasons} />
          </div>
        )}
        {tab === 'draft' && revision?.changesRequestedNote && (
          <div className="draft-rejection draft-changes-requested" data-testid="draft-changes-requested">
            <span className="draft-rejection-title">{t('draft_changes_requested_title')}</span>
            <p className="changes-requested-note">{revision.changesRequestedNote}</p>
          </div>
        )}
      </th>
      {tab === 'published' && (
        <>
          <td className="product-sku" data-label={headers.published[1]}>
            {p.sku}
          </td>
          <td className="numeric" data-label={headers.published[2]}>
            {formatMoney(p.offer.priceCents, language)}
          </td>
          <td className="numeric" data-label={headers.published[3]}>
            {p.offer.outOfStock ? t('out_of_stock') : formatCount(p.offer.inventory, language)}
          </td>
          <td data-label={headers.published[4]}>{when(p.live?.publishedAt)}</td>
        </>
      )}
      {tab === 'pending' && <td data-label={headers.pending[1]}>{when(revision?.submittedAt)}</td>}
      {tab === 'rejected' && (
        <>
          <td className="card-wide" data-label={headers.rejected[1]}>
            <RejectionReasons reasons={revision?.rejectionReasons ?? []} />
          </td>
          <td data-label={headers.rejected[2]}>{when(revision?.rejectedAt)}</td>
        </>
      )}
      {tab === 'draft' && <td data-label={headers.draft[1]}>{when(revision?.savedAt)}</td>}
      <td className="product-actions card-wide">
        {!p.editable ? (
          <LockedEditButton name={name} />
        ) : tab === 'rejected' ? (
          <Link to={editPath(p)} className="text-button" aria-label={t('edit_and_resubmit_label', { name })} data-testid="product-resubmit">
            {t('edit_and_resubmit')}
          </Link>
        ) : (
          <Link to={editPath(p)} className="text-button" aria-label={t('edit_product_label', { name })} data-testid="product-edit">
            {t('edit')}
          </Link>
        )}
        {remove && (
          <button type="button" className="text-button danger-text" onClick={() => onDelete(p)} aria-label={t(REMOVE_LABEL[remove].label, { name })} data-testid={REMOVE_LABEL[remove].testId}>
            {t(REMOVE_LABEL[remove].text)}
          </button>
        )}
      </td>
    </tr>
  );
}
