/**
 * The tax in an order's figures (docs/taxes.md "Where shoppers see it"), from a quote's or an
 * order's `TaxBreakdown`: where tax is added (the US, Canada), a row per tax between shipping and
 * the total ("GST 5%", "QST 9.975%"); where prices include it, a row per rate under the total
 * ("Includes VAT 19%"). Only rows with an amount show; zero-rated rows are for invoices and returns.
 */
import type { ReactNode } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { ratePercent, type TaxBreakdown, type TaxName, type TaxSummaryRow } from '../../domain/tax/tax.model.ts';
import { useTranslation, type TFunction } from '../../i18n/react.tsx';

const TAX_NAME_KEYS = { VAT: 'vat', GST: 'gst', HST: 'hst', QST: 'qst', PST: 'pst', RST: 'rst', 'Sales tax': 'salesTax' } as const satisfies Record<TaxName, string>;

export function taxName(t: TFunction, name: TaxName): string {
  return t(`checkout.tax.names.${TAX_NAME_KEYS[name]}`);
}

/** A rate in thousandths of a percent as people write it: 19000 -> "19", 9975 -> "9.975". */
export function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(ratePercent(rate));
}

/** The rows with an amount, each named and rated ("GST 5%"). */
function shownRows(tax: TaxBreakdown): TaxSummaryRow[] {
  return tax.rows.filter((row) => row.amount !== 0);
}

export type TaxState =
  /** A quote before the destination is known. */
  | { kind: 'pending' }
  | { kind: 'known'; tax: TaxBreakdown; /** Checkout says "none charged" where tax is added and none is; an order just shows nothing. */ quoted: boolean };

function Row({ name, label, className, children }: { name: string; label: string; className?: string | undefined; children: ReactNode }) {
  return (
    <div className={className} data-tax-row={name}>
      <dt>{label}</dt>
      <dd data-total={name}>{children}</dd>
    </div>
  );
}

/** Rows between shipping and the total: added taxes, or why none is shown yet. */
export function TaxAddedRows({ state, money, locale }: { state: TaxState; money(amount: number): string; locale: Locale }) {
  const { t } = useTranslation();
  if (state.kind === 'pending') {
    return (
      <Row name="tax" label={t('checkout.summary.tax')}>
        {t('checkout.summary.taxPending')}
      </Row>
    );
  }
  const { tax, quoted } = state;
  if (tax.reason === 'region-needed') {
    return (
      <Row name="tax" label={t('checkout.summary.tax')}>
        {t('checkout.summary.taxRegion')}
      </Row>
    );
  }
  if (tax.display !== 'exclusive') return null;
  const rows = shownRows(tax);
  if (rows.length === 0) {
    return quoted && !tax.importTaxesOnDelivery ? (
      <Row name="tax" label={t('checkout.summary.tax')}>
        {t('checkout.summary.taxNone')}
      </Row>
    ) : null;
  }
  return rows.map((row) => (
    <Row key={`${row.jurisdiction}-${row.tax}-${row.rate}`} name={`tax-${row.jurisdiction}-${row.tax}`} label={t('checkout.summary.taxAdded', { tax: taxName(t, row.tax), rate: formatRate(row.rate, locale) })}>
      {money(row.amount)}
    </Row>
  ));
}

/** Rows under the total where the prices include the tax: "Includes VAT 19%: €9.42". */
export function TaxIncludedRows({ state, money, locale }: { state: TaxState; money(amount: number): string; locale: Locale }) {
  const { t } = useTranslation();
  if (state.kind !== 'known' || state.tax.display !== 'inclusive') return null;
  return shownRows(state.tax).map((row) => (
    <Row
      key={`${row.jurisdiction}-${row.tax}-${row.rate}`}
      name={`tax-${row.jurisdiction}-${row.tax}`}
      className="totals-included"
      label={t('checkout.summary.taxIncluded', { tax: taxName(t, row.tax), rate: formatRate(row.rate, locale) })}
    >
      {money(row.amount)}
    </Row>
  ));
}

/** Said beside the figures: import taxes and duties are the buyer's, on delivery; or that the province decides the tax. */
export function TaxNotices({ state }: { state: TaxState }) {
  const { t } = useTranslation();
  if (state.kind !== 'known') return null;
  if (state.tax.importTaxesOnDelivery) {
    return (
      <p className="checkout-message is-info tax-notice" data-import-notice>
        {t('checkout.tax.importNotice')}
      </p>
    );
  }
  if (state.tax.reason === 'region-needed' && state.quoted) {
    return (
      <p className="checkout-muted tax-notice" data-region-notice>
        {t('checkout.summary.taxRegionHint')}
      </p>
    );
  }
  return null;
}
