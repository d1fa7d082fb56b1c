/**
 * The order's tax as frozen at placement (`amounts.tax`: included in the prices or added, a row
 * per tax and rate, the import notice) and its invoices and credit notes, each downloadable as
 * the PDF the server stored (GET /api/admin/orders/{orderNo}/documents/{number}.pdf).
 */
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { apiBase } from '../../../client/request-context.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { documentPath } from '../../../domain/api/orders.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderDetail } from '../../../domain/orders.model.ts';
import { ratePercent, type TaxBreakdown, type TaxDocumentRecord, type TaxSummaryRow } from '../../../domain/tax/tax.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useT } from '../../i18n.tsx';
import { useDateTime, useMoney } from '../orders/labels.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { downloadForStaff } from '../../widgets/download.ts';

function useRowLabel() {
  const { t, locale } = useT();
  return (row: TaxSummaryRow, included: boolean) =>
    t(included ? 'adminTax.order.taxIncluded' : 'adminTax.order.taxAdded', {
      tax: t(`adminTax.order.taxNames.${row.tax}` as MessageKey),
      rate: ratePercent(row.rate).toLocaleString(locale, { maximumFractionDigits: 3 }),
    });
}

function TaxRow({ row, currency, included }: { row: TaxSummaryRow; currency: CurrencyCode; included: boolean }) {
  const { t } = useT();
  const money = useMoney();
  const label = useRowLabel();
  return (
    <div className={`admin-amount-row${included ? ' is-included' : ''}`} data-testid="order-tax-row" data-jurisdiction={row.jurisdiction}>
      <span>
        {label(row, included)}
        <Typography.Text type="secondary" className="admin-tax-base">
          {row.jurisdiction} · {t('adminTax.order.taxBase', { base: money(row.base, currency) })}
        </Typography.Text>
      </span>
      <span>{money(row.amount, currency)}</span>
    </div>
  );
}

/** The tax added on top of the prices: its rows go before the total. */
export function AddedTax({ tax, currency }: { tax: TaxBreakdown; currency: CurrencyCode }) {
  if (tax.display !== 'exclusive' || tax.rows.length === 0) return null;
  return (
    <>
      {tax.rows.map((row) => (
        <TaxRow key={`${row.jurisdiction}-${row.tax}-${row.rate}`} row={row} currency={currency} included={false} />
      ))}
    </>
  );
}

/** The tax included in the prices (after the total), why none was charged, and the import notice. */
export function IncludedTax({ tax, currency }: { tax: TaxBreakdown; currency: CurrencyCode }) {
  const { t } = useT();
  const included = tax.display === 'inclusive' ? tax.rows : [];
  // Orders from before taxes have no market and no rows: nothing to say about them.
  const why = tax.rows.length === 0 && (tax.market !== null || tax.reason !== 'no-tax') ? t('adminTax.order.noTax', { reason: t(`adminTax.order.reasons.${tax.reason}` as MessageKey) }) : null;
  return (
    <>
      {included.map((row) => (
        <TaxRow key={`${row.jurisdiction}-${row.tax}-${row.rate}`} row={row} currency={currency} included />
      ))}
      {why && (
        <Typography.Text type="secondary" className="admin-tax-none" data-testid="order-tax-none">
          {why}
        </Typography.Text>
      )}
      {tax.importTaxesOnDelivery && <Alert type="info" showIcon className="admin-tax-import" message={t('adminTax.order.importNotice')} data-testid="order-import-notice" />}
    </>
  );
}

/** Where staff download a document of an order (the server checks their session). */
export function documentUrl(orderNo: string, number: string): string {
  return `${apiBase()}${documentPath(adminOrdersApi.document, orderNo, number)}`;
}

/**
 * The PDF is fetched with the staff member's token (a plain link would carry none) and handed to
 * the browser as a file. The ping first lets the HTTP layer renew an expired token.
 */
function download(orderNo: string, number: string): Promise<void> {
  return downloadForStaff(documentUrl(orderNo, number), 'pdf', `${number}.pdf`);
}

export function Documents({ order }: { order: OrderDetail }) {
  const { t } = useT();
  const { message } = App.useApp();
  const money = useMoney();
  const when = useDateTime();
  const currency = order.amounts.currency;
  const fetchPdf = async (number: string) => {
    try {
      await download(order.orderNo, number);
    } catch (error) {
      // The ping is silent and the PDF is no envelope: every failure is told here, once.
      void message.error(t('adminTax.order.downloadFailed'));
      console.error(error);
    }
  };
  if (order.documents.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="order-documents-none">
        {t('adminTax.order.noDocuments')}
      </Typography.Text>
    );
  }
  return (
    <RowsTable<TaxDocumentRecord>
      rowKey="number"
      dataSource={order.documents}
      data-testid="order-documents"
      columns={[
        {
          key: 'document',
          title: t('adminTax.order.kind'),
          render: (_v, d) => (
            <Space direction="vertical" size={2}>
              <Tag color={d.kind === 'invoice' ? 'blue' : 'purple'}>{t(`adminTax.order.kinds.${d.kind}` as MessageKey)}</Tag>
              <Typography.Text code className="admin-doc-nowrap">
                {d.number}
              </Typography.Text>
              <Typography.Text type="secondary" className="admin-doc-issued">
                {t('adminTax.order.issued')}: {when(d.issuedAt)}
              </Typography.Text>
            </Space>
          ),
        },
        {
          key: 'total',
          title: t('adminTax.order.total'),
          align: 'right',
          render: (_v, d) => {
            // A credit note's amounts are what it takes back: shown negative.
            const sign = d.kind === 'credit_note' ? -1 : 1;
            return (
              <Space direction="vertical" size={2} align="end">
                <span className="admin-doc-nowrap">{money(sign * d.total, currency)}</span>
                <Typography.Text type="secondary" className="admin-doc-issued admin-doc-nowrap">
                  {t('adminTax.order.tax')}: {money(sign * d.tax, currency)}
                </Typography.Text>
              </Space>
            );
          },
        },
        {
          key: 'download',
          title: t('adminTax.order.file'),
          align: 'right',
          render: (_v, d) => (
            <Button
              size="small"
              href={documentUrl(order.orderNo, d.number)}
              download={`${d.number}.pdf`}
              aria-label={`${t('adminTax.order.download')} ${d.number}.pdf`}
              onClick={(event) => {
                event.preventDefault();
                void fetchPdf(d.number);
              }}
              data-testid="order-document-download"
            >
              {t('adminTax.order.download')}
            </Button>
          ),
        },
      ]}
    />
  );
}
