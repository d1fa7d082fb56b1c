/**
 * Real-user vitals (docs/performance.md "Real-user vitals"): the 75th percentile of LCP, INP, CLS
 * and TTFB per page type and language, today or over the last 7 days, each coloured good, needs
 * improvement or poor by Google's thresholds (domain/vitals.model.ts).
 */
import { Card, Empty, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { vitalsApi } from '../../../domain/api/vitals.ts';
import { VITAL_METRICS, VITALS_WINDOWS, formatVital, ratingOf, type VitalMetric, type VitalRating, type VitalsRow } from '../../../domain/vitals.model.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';

const TAG_COLOURS: Record<VitalRating, string> = { good: 'success', 'needs-improvement': 'warning', poor: 'error' };

export function VitalsCard() {
  const { t, locale } = useT();
  const [days, setDays] = useState<(typeof VITALS_WINDOWS)[number]>(7);
  const query = useApiQuery(vitalsApi.summary, { days }, { silent: true });
  const cell = (metric: VitalMetric) => (_value: unknown, row: VitalsRow) => {
    const measured = row.metrics[metric];
    if (!measured) return <Typography.Text type="secondary">–</Typography.Text>;
    const rating = ratingOf(metric, measured.p75);
    return (
      <Space direction="vertical" size={0}>
        <Tag color={TAG_COLOURS[rating]} title={t(`adminVitals.rating.${rating}`)} data-vital={metric} data-rating={rating}>
          {formatVital(metric, measured.p75, locale)}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('adminVitals.views', { count: measured.views })}
        </Typography.Text>
      </Space>
    );
  };
  const columns: TableColumnsType<VitalsRow> = [
    { key: 'page', title: t('adminVitals.page'), render: (_v, row) => t(`adminVitals.pages.${row.page}`) },
    { key: 'locale', title: t('adminVitals.locale'), dataIndex: 'locale' },
    ...VITAL_METRICS.map((metric) => ({ key: metric, title: metric, render: cell(metric) })),
  ];
  return (
    <Card title={t('adminVitals.title')} data-testid="vitals">
      {/* In the body rather than the title bar, so a phone shows the whole title. */}
      <Segmented
        size="small"
        aria-label={t('adminVitals.window')}
        value={days}
        onChange={(value) => setDays(value)}
        options={VITALS_WINDOWS.map((value) => ({ value, label: t(value === 1 ? 'adminVitals.today' : 'adminVitals.days7') }))}
        style={{ marginBottom: 12 }}
      />
      <RowsTable<VitalsRow>
        rowKey={(row) => `${row.page}/${row.locale}`}
        loading={query.isFetching && !query.data}
        dataSource={query.data?.rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminVitals.none')} /> }}
        width={640}
        columns={columns}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('adminVitals.legend')}
      </Typography.Paragraph>
    </Card>
  );
}
