/**
 * Orders (bars) and revenue in EUR (line) per day: the dashboard's 30 days, and the Reports
 * screen's days, weeks or months (it names its buckets with `label`); each has its own tooltip title.
 */
import { Grid, theme } from 'antd';
import { useT } from '../../i18n.tsx';
import { useMoney } from '../orders/labels.tsx';
import { chartGeometry, type DayPoint } from './chart.ts';

export function DailyChart({
  days,
  label,
  title,
  lineLabel,
  testId = 'dashboard-chart',
}: {
  days: readonly DayPoint[];
  label?: (iso: string) => string;
  title?: string;
  /** What the line is, in the legend (the dashboard's: revenue). */
  lineLabel?: string;
  testId?: string;
}) {
  const { t, locale } = useT();
  const money = useMoney();
  const { token } = theme.useToken();
  // A narrower drawing on phones keeps its text readable once scaled to the screen.
  const narrow = Grid.useBreakpoint().md === false;
  const g = narrow ? chartGeometry(days, 380, 220) : chartGeometry(days);
  const day = label ?? ((iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }));
  const grid = [0, 0.5, 1];
  return (
    <figure className="admin-chart" data-testid={testId}>
      <svg viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-label={title ?? t('adminOrders.dashboard.chart')}>
        {grid.map((f) => {
          const y = g.plot.bottom - f * (g.plot.bottom - g.plot.top);
          return (
            <g key={f}>
              <line x1={g.plot.left} x2={g.plot.right} y1={y} y2={y} stroke={token.colorBorderSecondary} />
              <text x={g.plot.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill={token.colorTextSecondary}>
                {f * g.maxOrders}
              </text>
              <text x={g.plot.right + 6} y={y + 4} fontSize="11" fill={token.colorTextSecondary}>
                {money(Math.round(f * g.maxRevenue), 'EUR')}
              </text>
            </g>
          );
        })}
        {g.bars.map((bar) => (
          <rect key={bar.day.date} x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, 0)} rx={2} fill={token.colorPrimary} opacity={0.75}>
            <title>{t('adminOrders.dashboard.chartLabel', { date: day(bar.day.date), orders: bar.day.orders, revenue: money(bar.day.revenueEur, 'EUR') })}</title>
          </rect>
        ))}
        {g.line && <path d={g.line} fill="none" stroke={token.colorWarning} strokeWidth={2} strokeLinejoin="round" />}
        {g.points.map((p, i) => (
          <circle key={days[i]!.date} cx={p.x} cy={p.y} r={2.5} fill={token.colorWarning} />
        ))}
        {g.labelled.map((i) => (
          <text key={i} x={g.points[i]!.x} y={g.height - 8} textAnchor="middle" fontSize="11" fill={token.colorTextSecondary}>
            {day(days[i]!.date)}
          </text>
        ))}
      </svg>
      <figcaption className="admin-chart-legend">
        <span className="admin-legend-bar" style={{ background: token.colorPrimary }} /> {t('adminOrders.dashboard.chartOrders')}
        <span className="admin-legend-line" style={{ background: token.colorWarning }} /> {lineLabel ?? t('adminOrders.dashboard.chartRevenue')}
      </figcaption>
    </figure>
  );
}
