/**
 * The owner's Reports screen (`report:sales`, docs/back-office.md "Reports"): a period (presets or
 * custom UTC days) and its grouping; the totals beside the previous period's, as +x% / −x%; the
 * series as the dashboard's chart with its table; one breakdown at a time; each exported as CSV.
 */
import { Button, Card, DatePicker, Empty, Segmented, Select, Space, Statistic, Table, Tag, Typography, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { adminSalesReportApi } from '../../../domain/api/admin/sales-report.ts';
import {
  LINE_DIMENSIONS,
  REPORT_DIMENSIONS,
  REPORT_GROUPINGS,
  REPORT_PRESETS,
  changePermille,
  naturalGrouping,
  presetDays,
  type ReportDimension,
  type ReportGrouping,
  type ReportPreset,
  type ReportRow,
  type ReportView,
  type SalesBucket,
  type SalesFigures,
} from '../../../domain/back-office/sales-report.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { downloadFile } from '../../widgets/download.ts';
import { DATE_FORMAT } from '../../widgets/DateTimeField.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { DailyChart } from '../dashboard/Chart.tsx';
import { useMoney } from '../orders/labels.tsx';
import './reports.css';

type Choice = ReportPreset | 'custom';
const FIGURES = ['grossEur', 'netEur', 'taxEur', 'refundsEur', 'orders', 'averageEur', 'units'] as const satisfies readonly (keyof SalesFigures)[];
/** Figures where more is worse: their rise shows red. */
const WORSE_UP: readonly (keyof SalesFigures)[] = ['refundsEur'];

export default function ReportsScreen() {
  const { t, locale } = useT();
  const money = useMoney();
  const now = useMemo(() => new Date(), []);
  const [choice, setChoice] = useState<Choice>('last30');
  const [custom, setCustom] = useState<{ from: string; to: string }>(() => presetDays('thisMonth', now));
  const days = choice === 'custom' ? custom : presetDays(choice, now);
  const [grouping, setGrouping] = useState<ReportGrouping>(() => naturalGrouping(days.from, days.to));
  const [dimension, setDimension] = useState<ReportDimension>('product');
  const request = { from: days.from, to: days.to, grouping };
  const query = useApiQuery(adminSalesReportApi.salesReport, request);
  const exportCsv = useApiMutation(adminSalesReportApi.salesReportExport);
  const report = query.data;

  const pickDays = (next: { from: string; to: string }) => setGrouping(naturalGrouping(next.from, next.to));
  const choose = (next: Choice) => {
    setChoice(next);
    pickDays(next === 'custom' ? custom : presetDays(next, now));
  };
  const download = async (view: ReportView) => {
    const file = await exportCsv.mutateAsync({ ...request, view }).catch(() => null);
    if (!file) return;
    downloadFile(file.fileName, file.csv, 'text/csv;charset=utf-8');
    void message.success(t('adminReports.downloaded', { count: file.rows }));
  };

  const dayName = (iso: string, style: Intl.DateTimeFormatOptions) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, { ...style, timeZone: 'UTC' });
  const bucketName = (iso: string, short = false) =>
    grouping === 'month'
      ? dayName(iso, { year: short ? '2-digit' : 'numeric', month: 'short' })
      : grouping === 'week' && !short
        ? t('adminReports.weekOf', { date: dayName(iso, { year: 'numeric', month: 'short', day: 'numeric' }) })
        : dayName(iso, short ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' });
  const show = (field: keyof SalesFigures, value: number) => (field === 'orders' || field === 'units' ? value.toLocaleString(locale) : money(value, 'EUR'));
  const eur = (value: number | null) => (value === null ? '—' : <span className="admin-report-figure">{money(value, 'EUR')}</span>);
  const count = (value: number) => <span className="admin-report-figure">{value.toLocaleString(locale)}</span>;

  const seriesColumns: TableColumnsType<SalesBucket> = [
    { key: 'start', title: t('adminReports.columns.start'), render: (_v, b) => bucketName(b.start) },
    { key: 'orders', title: t('adminReports.columns.orders'), align: 'right', render: (_v, b) => count(b.orders) },
    { key: 'units', title: t('adminReports.columns.units'), align: 'right', render: (_v, b) => count(b.units) },
    { key: 'grossEur', title: t('adminReports.columns.grossEur'), align: 'right', render: (_v, b) => eur(b.grossEur) },
    { key: 'netEur', title: t('adminReports.columns.netEur'), align: 'right', render: (_v, b) => eur(b.netEur) },
    { key: 'taxEur', title: t('adminReports.columns.taxEur'), align: 'right', render: (_v, b) => eur(b.taxEur) },
    { key: 'refundsEur', title: t('adminReports.columns.refundsEur'), align: 'right', render: (_v, b) => eur(b.refundsEur) },
    { key: 'averageEur', title: t('adminReports.columns.averageEur'), align: 'right', render: (_v, b) => eur(b.averageEur) },
  ];

  const byLine = LINE_DIMENSIONS.includes(dimension);
  const nameOf = (row: ReportRow): string => {
    if (row.label !== null) return row.label;
    if (row.key === 'none') return t('adminReports.unknown');
    if (dimension === 'coupon' && row.key === '') return t('adminReports.noCoupon');
    if (dimension === 'personalised') return t(row.key === 'personalised' ? 'adminReports.personalised' : 'adminReports.plain');
    if (dimension === 'country') return new Intl.DisplayNames([locale], { type: 'region' }).of(row.key) ?? row.key;
    return row.key;
  };
  const breakdownColumns: TableColumnsType<ReportRow> = [
    { key: 'name', title: t(`adminReports.dimensions.${dimension}`), render: (_v, row) => nameOf(row) },
    { key: 'orders', title: t('adminReports.columns.orders'), align: 'right', render: (_v, row) => count(row.orders) },
    { key: 'units', title: t('adminReports.columns.units'), align: 'right', render: (_v, row) => count(row.units) },
    { key: 'grossEur', title: t(byLine ? 'adminReports.columns.itemsEur' : 'adminReports.columns.grossEur'), align: 'right', render: (_v, row) => eur(row.grossEur) },
    ...(byLine
      ? []
      : ([
          { key: 'netEur', title: t('adminReports.columns.netEur'), align: 'right', render: (_v, row) => eur(row.netEur) },
          { key: 'taxEur', title: t('adminReports.columns.taxEur'), align: 'right', render: (_v, row) => eur(row.taxEur) },
          { key: 'refundsEur', title: t('adminReports.columns.refundsEur'), align: 'right', render: (_v, row) => eur(row.refundsEur) },
          { key: 'averageEur', title: t('adminReports.columns.averageEur'), align: 'right', render: (_v, row) => eur(row.averageEur) },
        ] satisfies TableColumnsType<ReportRow>)),
    ...(dimension === 'currency'
      ? ([
          { key: 'gross', title: t('adminReports.columns.gross'), align: 'right', render: (_v, row) => <span className="admin-report-figure">{money(row.amounts?.gross ?? 0, row.key as CurrencyCode)}</span> },
          { key: 'refunds', title: t('adminReports.columns.refunds'), align: 'right', render: (_v, row) => <span className="admin-report-figure">{money(row.amounts?.refunds ?? 0, row.key as CurrencyCode)}</span> },
        ] satisfies TableColumnsType<ReportRow>)
      : []),
  ];

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminReports.none')} />;
  const exportButton = (view: ReportView) => (
    <Button onClick={() => void download(view)} loading={exportCsv.isPending && exportCsv.variables?.view === view} disabled={!report} data-testid={`report-export-${view === 'series' ? 'series' : 'breakdown'}`}>
      {t('adminReports.download')}
    </Button>
  );

  return (
    <div className="admin-screen admin-reports" data-testid="reports-screen">
      <Space wrap size={[12, 12]} className="admin-report-period" role="group" aria-label={t('adminReports.period')}>
        <Select<Choice>
          aria-label={t('adminReports.period')}
          value={choice}
          onChange={choose}
          options={[...REPORT_PRESETS, 'custom' as const].map((value) => ({ value, label: t(`adminReports.presets.${value}`) }))}
          style={{ width: 160 }}
          data-testid="report-preset"
        />
        {choice === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('adminReports.days')}
            format={DATE_FORMAT}
            allowClear={false}
            value={[dayjs(custom.from), dayjs(custom.to)]}
            onChange={(range) => {
              if (!range?.[0] || !range[1]) return;
              const next = { from: range[0].format(DATE_FORMAT), to: range[1].format(DATE_FORMAT) };
              setCustom(next);
              pickDays(next);
            }}
            data-testid="report-days"
          />
        )}
        <Segmented<ReportGrouping>
          aria-label={t('adminReports.grouping')}
          value={grouping}
          onChange={setGrouping}
          options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`adminReports.groupings.${value}`) }))}
          data-testid="report-grouping"
        />
      </Space>
      {report && (
        <Typography.Paragraph type="secondary" data-testid="report-covers">
          {t('adminReports.covers', { from: report.from, to: report.to, zone: report.timeZone, previousFrom: report.previous.from, previousTo: report.previous.to })}
        </Typography.Paragraph>
      )}
      <div className="admin-report-totals" data-testid="report-totals">
        {FIGURES.map((field) => (
          <Card size="small" key={field}>
            <Statistic title={t(`adminReports.figures.${field}`)} value={report ? show(field, report.totals[field]) : '—'} data-figure={field} />
            {report && <Change field={field} current={report.totals[field]} previous={report.previousTotals[field]} before={show(field, report.previousTotals[field])} />}
          </Card>
        ))}
      </div>
      <Card title={t('adminReports.series')} extra={exportButton('series')} className="admin-report-card">
        {report && <DailyChart days={report.series.map((b) => ({ date: b.start, orders: b.orders, revenueEur: b.grossEur }))} label={(iso) => bucketName(iso, true)} title={t('adminReports.chart')} lineLabel={t('adminReports.figures.grossEur')} testId="report-chart" />}
        <RowsTable<SalesBucket>
          rowKey="start"
          loading={query.isFetching}
          dataSource={report?.series ?? []}
          columns={seriesColumns}
          width={900}
          locale={{ emptyText: empty }}
          summary={() =>
            report ? (
              <Table.Summary fixed>
                <Table.Summary.Row className="admin-report-total-row">
                  <Table.Summary.Cell index={0}>
                    <strong>{t('adminReports.total')}</strong>
                  </Table.Summary.Cell>
                  {(['orders', 'units', 'grossEur', 'netEur', 'taxEur', 'refundsEur', 'averageEur'] as const).map((field, i) => (
                    <Table.Summary.Cell index={i + 1} key={field} align="right">
                      <strong className="admin-report-figure" data-testid={`report-total-${field}`}>
                        {show(field, report.totals[field])}
                      </strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
          data-testid="report-series-table"
        />
      </Card>
      <Card title={t('adminReports.breakdown')} className="admin-report-card">
        {/* In the body, not the card's head: beside the title a phone had no room for them and the title went. */}
        <Space wrap className="admin-report-tools">
          <Select<ReportDimension>
            aria-label={t('adminReports.breakdownBy')}
            value={dimension}
            onChange={setDimension}
            options={REPORT_DIMENSIONS.map((value) => ({ value, label: t(`adminReports.dimensions.${value}`) }))}
            style={{ width: 190 }}
            data-testid="report-dimension"
          />
          {exportButton(dimension)}
        </Space>
        {byLine && (
          <Typography.Paragraph type="secondary" className="admin-report-note">
            {t('adminReports.lineNote')}
          </Typography.Paragraph>
        )}
        <RowsTable<ReportRow>
          rowKey="key"
          loading={query.isFetching}
          dataSource={report?.breakdowns[dimension] ?? []}
          columns={breakdownColumns}
          width={byLine ? true : 900}
          locale={{ emptyText: empty }}
          data-testid="report-breakdown-table"
        />
      </Card>
      <Typography.Paragraph type="secondary" className="admin-report-legend">
        {t('adminReports.legend')}
      </Typography.Paragraph>
    </div>
  );
}

/** A figure's change on the previous period: +x% / −x%, green when it went the good way. */
function Change({ field, current, previous, before }: { field: keyof SalesFigures; current: number; previous: number; before: string }) {
  const { t, locale } = useT();
  const permille = changePermille(current, previous);
  const percent = permille === null ? '' : (Math.abs(permille) / 10).toLocaleString(locale, { maximumFractionDigits: 1 });
  const text = permille === null ? t('adminReports.nothingBefore') : permille === 0 ? t('adminReports.noChange') : t(permille > 0 ? 'adminReports.changeUp' : 'adminReports.changeDown', { percent });
  const good = permille !== null && permille !== 0 && (permille > 0) !== WORSE_UP.includes(field);
  const color = permille === null || permille === 0 ? 'default' : good ? 'success' : 'error';
  return (
    <div className="admin-report-change" data-change={field}>
      <Tag color={color} bordered={false} aria-label={t('adminReports.changeLabel', { change: text })}>
        {text}
      </Tag>
      <Typography.Text type="secondary">{t('adminReports.previous', { value: before })}</Typography.Text>
    </div>
  );
}
