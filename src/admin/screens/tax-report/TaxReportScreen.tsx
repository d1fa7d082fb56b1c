/**
 * What the merchant declares (`report:tax`, docs/taxes.md "What the merchant declares"): a month,
 * a quarter or custom days (UTC); the invoices and credit notes issued in it per registration,
 * jurisdiction, tax, rate and currency, with the EUR totals; the same rows as CSV.
 */
import { Button, Card, DatePicker, Empty, Grid, Segmented, Select, Space, Statistic, Table, Typography, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { adminTaxReportApi } from '../../../domain/api/admin/tax-report.ts';
import type { TaxReportAmounts, TaxReportRow } from '../../../domain/back-office/tax-report.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { ratePercent } from '../../../domain/tax/tax.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { downloadFile } from '../../widgets/download.ts';
import { DATE_FORMAT } from '../../widgets/DateTimeField.tsx';
import { useMoney } from '../orders/labels.tsx';
import { initialChoice, periodOf, yearsUpTo, type PeriodChoice, type PeriodKind } from './period.ts';
import './tax-report.css';
import { RowsTable } from '../../widgets/RowsTable.tsx';

const KINDS: readonly PeriodKind[] = ['month', 'quarter', 'custom'];

export default function TaxReportScreen() {
  const { t, locale } = useT();
  const money = useMoney();
  // Wide enough: the EUR columns stay in sight while the others scroll.
  const wide = Grid.useBreakpoint().lg === true;
  const now = useMemo(() => new Date(), []);
  const [choice, setChoice] = useState<PeriodChoice>(() => initialChoice(now));
  const period = periodOf(choice);
  const query = useApiQuery(adminTaxReportApi.taxReport, period ? { period } : undefined, { enabled: period !== null });
  const exportCsv = useApiMutation(adminTaxReportApi.taxReportExport);
  const report = query.data;
  const set = (patch: Partial<PeriodChoice>) => setChoice((before) => ({ ...before, ...patch }));
  const named = (key: string, fallback: string) => {
    const text = t(key as MessageKey);
    return text === key ? fallback : text;
  };
  const monthName = (month: number) => new Date(Date.UTC(2000, month - 1, 1)).toLocaleString(locale, { month: 'long', timeZone: 'UTC' });

  const download = async () => {
    if (!period) return;
    const file = await exportCsv.mutateAsync({ period }).catch(() => null);
    if (!file) return;
    downloadFile(file.fileName, file.csv, 'text/csv;charset=utf-8');
    void message.success(t('adminTaxReport.downloaded', { count: file.rows }));
  };

  const amount = (pick: (row: TaxReportRow) => number, currency?: (row: TaxReportRow) => CurrencyCode) => ({
    align: 'right' as const,
    render: (_v: unknown, row: TaxReportRow) => <span className="admin-tax-figure">{money(pick(row), currency ? currency(row) : 'EUR')}</span>,
  });
  const inCurrency = (field: keyof TaxReportAmounts) => amount((row) => row.amounts[field], (row) => row.currency);
  const columns: TableColumnsType<TaxReportRow> = [
    { key: 'declaredUnder', title: t('adminTaxReport.columns.declaredUnder'), render: (_v, row) => named(`adminTaxReport.schemes.${row.declaredUnder}`, row.declaredUnder) },
    { key: 'jurisdiction', title: t('adminTaxReport.columns.jurisdiction'), dataIndex: 'jurisdiction' },
    { key: 'tax', title: t('adminTaxReport.columns.tax'), dataIndex: 'tax' },
    { key: 'rate', title: t('adminTaxReport.columns.rate'), align: 'right', render: (_v, row) => `${ratePercent(row.rate).toLocaleString(locale, { maximumFractionDigits: 3 })}%` },
    { key: 'taxClass', title: t('adminTaxReport.columns.taxClass'), render: (_v, row) => named(`adminTaxReport.classes.${row.taxClass}`, row.taxClass) },
    { key: 'currency', title: t('adminTaxReport.columns.currency'), dataIndex: 'currency' },
    { key: 'documents', title: t('adminTaxReport.columns.documents'), render: (_v, row) => t('adminTaxReport.documents', { invoices: row.invoices, creditNotes: row.creditNotes }) },
    { key: 'salesBase', title: t('adminTaxReport.columns.salesBase'), ...inCurrency('salesBase') },
    { key: 'salesTax', title: t('adminTaxReport.columns.salesTax'), ...inCurrency('salesTax') },
    { key: 'creditBase', title: t('adminTaxReport.columns.creditBase'), ...inCurrency('creditBase') },
    { key: 'creditTax', title: t('adminTaxReport.columns.creditTax'), ...inCurrency('creditTax') },
    { key: 'netBase', title: t('adminTaxReport.columns.netBase'), ...inCurrency('netBase') },
    { key: 'netTax', title: t('adminTaxReport.columns.netTax'), ...inCurrency('netTax') },
    { key: 'netBaseEur', title: t('adminTaxReport.columns.netBaseEur'), fixed: wide ? 'right' : undefined, ...amount((row) => row.eur.netBase) },
    { key: 'netTaxEur', title: t('adminTaxReport.columns.netTaxEur'), fixed: wide ? 'right' : undefined, ...amount((row) => row.eur.netTax) },
  ];
  const years = yearsUpTo(now);

  return (
    <div className="admin-screen admin-tax-report" data-testid="tax-report-screen">
      <Space wrap size={[12, 12]} className="admin-tax-period" aria-label={t('adminTaxReport.period')} role="group">
        <Segmented<PeriodKind>
          aria-label={t('adminTaxReport.period')}
          value={choice.kind}
          onChange={(kind) => set({ kind })}
          options={KINDS.map((kind) => ({ value: kind, label: t(`adminTaxReport.kinds.${kind}`) }))}
          data-testid="tax-period-kind"
        />
        {choice.kind !== 'custom' && <PeriodPart part="year" value={choice.year} onChange={(year) => set({ year })} options={years.map((year) => ({ value: year, label: String(year) }))} width={100} />}
        {choice.kind === 'month' && (
          <PeriodPart part="month" value={choice.month} onChange={(month) => set({ month })} options={Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: monthName(i + 1) }))} width={140} />
        )}
        {choice.kind === 'quarter' && (
          <PeriodPart
            part="quarter"
            value={choice.quarter}
            onChange={(quarter) => set({ quarter })}
            options={([1, 2, 3, 4] as const).map((quarter) => ({ value: quarter, label: t('adminTaxReport.quarterName', { quarter }) }))}
            width={140}
          />
        )}
        {choice.kind === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('adminTaxReport.days')}
            format={DATE_FORMAT}
            value={choice.days ? [dayjs(choice.days[0]), dayjs(choice.days[1])] : null}
            onChange={(range) => set({ days: range?.[0] && range[1] ? [range[0].format(DATE_FORMAT), range[1].format(DATE_FORMAT)] : null })}
            data-testid="tax-period-days"
          />
        )}
        <Button type="primary" onClick={() => void download()} loading={exportCsv.isPending} disabled={!period} data-testid="tax-report-download">
          {t('adminTaxReport.download')}
        </Button>
      </Space>
      {report && (
        <Typography.Paragraph type="secondary" className="admin-tax-covers" data-testid="tax-report-covers">
          {t('adminTaxReport.covers', { from: report.from, to: report.to, zone: report.timeZone, invoices: report.invoices, creditNotes: report.creditNotes })}
        </Typography.Paragraph>
      )}
      <div className="admin-tax-totals" data-testid="tax-report-totals">
        {(['salesBase', 'salesTax', 'creditBase', 'creditTax', 'netBase', 'netTax'] as const).map((key) => (
          <Card size="small" key={key}>
            <Statistic title={t(`adminTaxReport.totals.${key}`)} value={report ? money(report.totalEur[key], 'EUR') : '—'} data-total={key} />
          </Card>
        ))}
      </div>
      <RowsTable<TaxReportRow>
        rowKey={(row) => [row.declaredUnder, row.jurisdiction, row.tax, row.taxClass, row.rate, row.currency].join('|')}
        loading={query.isFetching}
        dataSource={report?.rows ?? []}
        columns={columns}
        width={1500}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminTaxReport.none')} /> }}
        summary={() =>
          report && report.rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="admin-tax-total-row">
                <Table.Summary.Cell index={0} colSpan={13}>
                  <strong>{t('adminTaxReport.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={13} align="right">
                  <strong data-testid="tax-total-base">{money(report.totalEur.netBase, 'EUR')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={14} align="right">
                  <strong data-testid="tax-total-tax">{money(report.totalEur.netTax, 'EUR')}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
        data-testid="tax-report-table"
      />
      <Typography.Paragraph type="secondary" className="admin-tax-legend">
        {t('adminTaxReport.legend')}
      </Typography.Paragraph>
    </div>
  );
}

/** One number of the period (its year, month or quarter), labelled and test-named after its part. */
function PeriodPart<V extends number>(props: { part: 'year' | 'month' | 'quarter'; value: V; onChange: (value: V) => void; options: { value: V; label: string }[]; width: number }) {
  const { t } = useT();
  return (
    <Select<V>
      aria-label={t(`adminTaxReport.${props.part}`)}
      value={props.value}
      onChange={props.onChange}
      options={props.options}
      style={{ width: props.width }}
      data-testid={`tax-period-${props.part}`}
    />
  );
}
