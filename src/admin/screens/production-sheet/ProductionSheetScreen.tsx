/**
 * The production sheet (/admin/production-sheet?orders=JS-...,JS-...): for one order or a batch,
 * per shirt what the printer needs (team, product, size, quantity, name and number with their
 * lettering, patches) and the packing list. It prints on A4, one order per page, without the
 * shell around it (sheet.css).
 */
import { Button, ConfigProvider, Empty, Skeleton, Space, Typography, theme } from 'antd';
import { sheetLetteringKey, type SheetOrder, type SheetShirt } from '../../../domain/back-office/production-sheet.model.ts';
import { LETTERING_PARTS } from '../../../domain/personalisation.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useScreen } from '../../frame/screen-context.ts';
import { sheetOrders } from '../orders/filters.ts';
import { StatusTag, useDateTime } from '../orders/labels.tsx';
import { TeamSheets } from './TeamSheets.tsx';
import './sheet.css';

function PrintCell({ shirt }: { shirt: SheetShirt }) {
  const { t } = useT();
  if (!shirt.print || shirt.print.kind === 'blank') return <span className="sheet-muted">{t('adminOrders.sheet.blank')}</span>;
  return (
    <span className="sheet-print">
      {shirt.print.name && <strong>{shirt.print.name}</strong>} {shirt.print.number && <strong className="sheet-number">{shirt.print.number}</strong>}
      {shirt.print.kind === 'player' && <em className="sheet-muted"> ({t('adminOrders.customType.2')})</em>}
    </span>
  );
}

function OrderSheet({ order }: { order: SheetOrder }) {
  const { t } = useT();
  const when = useDateTime();
  const premium = (option: string) => t(`adminOrders.premium.${option}` as MessageKey);
  // Each lettering part's option, the name's first: "Gold / Standard".
  const lettering = (print: NonNullable<SheetShirt['print']>) => LETTERING_PARTS.map(({ part }) => premium(print[sheetLetteringKey(part)])).join(' / ');
  // A roster's shirts are on its team's pages (TeamSheets); the packing list still holds them.
  const shirts = order.shirts.filter((shirt) => !shirt.group);
  return (
    <article className="sheet-order" data-testid="sheet-order" data-order-no={order.orderNo}>
      <header className="sheet-head">
        <h2>{t('adminOrders.sheet.order', { orderNo: order.orderNo })}</h2>
        {/* The paper is white in either scheme, so its tag is drawn as on a light page. */}
        <ConfigProvider theme={{ algorithm: theme.defaultAlgorithm }}>
          <StatusTag status={order.status} />
        </ConfigProvider>
      </header>
      {order.replacementOf ? (
        <p className="sheet-replacement" data-testid="sheet-replacement">
          {/* A claim's replacement names its claim; a staff replacement (docs/back-office.md "Manual orders") has none. */}
          <strong>
            {order.replacementOf.returnNo
              ? t('adminReturns.sheet.replacement', { orderNo: order.replacementOf.orderNo, returnNo: order.replacementOf.returnNo })
              : t('adminNewOrder.source.replacement', { orderNo: order.replacementOf.orderNo })}
          </strong>
        </p>
      ) : null}
      <dl className="sheet-facts">
        <div>
          <dt>{t('adminOrders.sheet.placed')}</dt>
          <dd>{when(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('adminOrders.sheet.shipTo')}</dt>
          <dd>
            {order.shipTo.name}, {order.shipTo.city}, {order.shipTo.country}
          </dd>
        </div>
        <div>
          <dt>{t('adminOrders.sheet.shipping')}</dt>
          <dd>{t(`adminOrders.shippingMethod.${order.shippingMethod}` as MessageKey)}</dd>
        </div>
      </dl>
      <h3>{t('adminOrders.sheet.shirts')}</h3>
      {shirts.length === 0 ? (
        order.teams.length === 0 && <p className="sheet-muted">{t('adminOrders.sheet.noShirts')}</p>
      ) : (
        <table className="sheet-table" data-testid="sheet-shirts">
          <thead>
            <tr>
              <th>{t('adminOrders.sheet.team')}</th>
              <th>{t('adminOrders.sheet.product')}</th>
              <th>{t('adminOrders.sheet.size')}</th>
              <th className="is-num">{t('adminOrders.sheet.qty')}</th>
              <th>{t('adminOrders.sheet.print')}</th>
              <th>{t('adminOrders.sheet.premium')}</th>
              <th>{t('adminOrders.sheet.patches')}</th>
            </tr>
          </thead>
          <tbody>
            {shirts.map((shirt) => (
              <tr key={shirt.orderItemId}>
                <td>{shirt.team}</td>
                <td>{shirt.product}</td>
                <td className="sheet-size">{shirt.size}</td>
                <td className="is-num">{shirt.quantity}</td>
                <td>
                  <PrintCell shirt={shirt} />
                </td>
                <td>{shirt.print && shirt.print.kind !== 'blank' ? lettering(shirt.print) : '—'}</td>
                <td>{shirt.patches.length ? shirt.patches.join(', ') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {order.teams.length > 0 && (
        <ul className="sheet-team-pointers" data-testid="sheet-team-pointers">
          {order.teams.map((team) => (
            <li key={team.id}>{t('adminOrders.sheet.onTeamPage', { name: team.name, count: team.rows.length })}</li>
          ))}
        </ul>
      )}
      <h3>{t('adminOrders.sheet.packing')}</h3>
      <table className="sheet-table" data-testid="sheet-packing">
        <thead>
          <tr>
            <th className="sheet-check">{t('adminOrders.sheet.packed')}</th>
            <th>{t('adminOrders.sheet.item')}</th>
            <th>{t('adminOrders.sheet.size')}</th>
            <th className="is-num">{t('adminOrders.sheet.qty')}</th>
          </tr>
        </thead>
        <tbody>
          {order.packing.map((item, i) => (
            <tr key={`${item.title}-${item.size ?? ''}-${i}`}>
              <td className="sheet-check">
                <span className="sheet-box" aria-hidden="true" />
              </td>
              <td>{item.title}</td>
              <td>{item.size ?? '—'}</td>
              <td className="is-num">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.notes.length > 0 && (
        <>
          <h3>{t('adminOrders.sheet.notes')}</h3>
          <ul className="sheet-notes">
            {order.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </>
      )}
      <TeamSheets order={order} />
    </article>
  );
}

export default function ProductionSheetScreen() {
  const { t } = useT();
  const { fullPath } = useScreen();
  const when = useDateTime();
  const orderNos = sheetOrders(fullPath);
  const query = useApiQuery(adminOrdersApi.productionSheet, { orderNos }, { enabled: orderNos.length > 0 });

  if (orderNos.length === 0) return <Empty description={t('adminOrders.sheet.noOrders')} data-testid="sheet-empty" />;
  return (
    <div className="admin-screen production-sheet" data-testid="production-sheet">
      <div className="sheet-toolbar">
        <Space wrap>
          <Typography.Text type="secondary">{query.data ? t('adminOrders.sheet.generated', { at: when(query.data.generatedAt) }) : ''}</Typography.Text>
          <Button type="primary" onClick={() => window.print()} disabled={!query.data} data-testid="sheet-print">
            {t('adminOrders.common.print')}
          </Button>
        </Space>
      </div>
      {query.data ? (
        <div className="sheet-paper">
          {query.data.orders.map((order) => (
            <OrderSheet key={order.orderNo} order={order} />
          ))}
        </div>
      ) : query.isError ? (
        <Empty description={t('adminOrders.common.loadFailed')} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
