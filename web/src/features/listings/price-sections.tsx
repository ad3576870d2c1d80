import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LENGTH_UNITS, VOLUME_UNITS, WEIGHT_UNITS } from '@contracts/listings/form';
import type { ProductView } from '@contracts/listings/model';
import { languageToApply } from '../../i18n/language';
import { formatMoney } from '../../lib/format';
import { Section, type FieldKit } from './product-form-fields';

/**
 * The item form's pricing: the price fields, or — once the product is published — its offer prices
 * read-only, with the way to Inventory where they change without review.
 */
export function PricingSection({ id, fields, lockedProduct }: { id: string; fields: FieldKit; lockedProduct: ProductView | null }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, languageToApply(i18n.language));
  const { text } = fields;
  return (
    <Section id={id} title={t('section_pricing')}>
      {lockedProduct ? (
        <div className="prices-locked" data-testid="prices-locked">
          <dl className="price-list">
            <div>
              <dt>{t('column_price')}</dt>
              <dd data-testid="locked-price">{money(lockedProduct.offer.priceCents)}</dd>
            </div>
            <div>
              <dt>{t('column_compare_at_price')}</dt>
              <dd data-testid="locked-compare-at">{lockedProduct.offer.compareAtCents === null ? '—' : money(lockedProduct.offer.compareAtCents)}</dd>
            </div>
          </dl>
          <p className="muted" data-testid="prices-locked-note">
            {t('published_prices_note')}
          </p>
          <Link to={`/inventory?q=${encodeURIComponent(lockedProduct.sku)}`} data-testid="prices-inventory-link">
            {t('change_prices_in_inventory')}
          </Link>
        </div>
      ) : (
        <div className="form-grid">
          {text('price', t('field_price'), { hint: t('price_hint'), required: true, inputMode: 'decimal' })}
          {text('compareAtPrice', t('field_compare_at_price'), { hint: t('compare_at_hint'), inputMode: 'decimal' })}
        </div>
      )}
    </Section>
  );
}

/** The item form's dimension and weight section. */
export function DimensionsSection({ id, fields }: { id: string; fields: FieldKit }) {
  const { t } = useTranslation();
  const { text, select, options } = fields;
  return (
    <Section id={id} title={t('section_dimensions')}>
      <div className="form-grid measure-grid">
        {text('weight', t('field_weight'), { inputMode: 'decimal' })}
        {select('weightUnit', t('field_weight_unit'), options(WEIGHT_UNITS, 'weightUnit'), false)}
        {text('volume', t('field_volume'), { inputMode: 'decimal' })}
        {select('volumeUnit', t('field_volume_unit'), options(VOLUME_UNITS, 'volumeUnit'), false)}
      </div>
      <div className="form-grid measure-grid">
        {text('length', t('field_length'), { inputMode: 'decimal' })}
        {text('width', t('field_width'), { inputMode: 'decimal' })}
        {text('height', t('field_height'), { inputMode: 'decimal' })}
        {select('dimensionUnit', t('field_dimension_unit'), options(LENGTH_UNITS, 'dimensionUnit'), false)}
      </div>
    </Section>
  );
}
