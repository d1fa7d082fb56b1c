/**
 * An order's team rosters on the production sheet (issue 31, docs/back-office.md "Team orders"):
 * per team the shirts per size and per lettering option, then one row per shirt sorted by size and
 * number (teamSheets) with a box for the printer to tick. Printed in the order's language whoever
 * prints it, each team on its own A4 page with its table's header on every page (sheet.css).
 */
import { Skeleton } from 'antd';
import { sheetLetteringKey, type SheetOrder, type SheetShirt, type TeamSheet } from '../../../domain/back-office/production-sheet.model.ts';
import { LETTERING_PARTS } from '../../../domain/personalisation.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useLocaleT, type AdminT } from '../../i18n.tsx';

/** What a row prints, for its tick box's name: "SMITH 7", or the "no print" word. */
function printText(shirt: SheetShirt, t: AdminT): string {
  const text = [shirt.print?.name, shirt.print?.number].filter(Boolean).join(' ');
  return text || t('adminOrders.sheet.blank');
}

function TeamSection({ order, team, t }: { order: SheetOrder; team: TeamSheet; t: AdminT }) {
  const products = [...new Set(team.rows.map((row) => row.product))].join(', ');
  const premium = (option: string) => t(`adminOrders.premium.${option}` as MessageKey);
  const partOf = (key: string) => LETTERING_PARTS.find(({ part }) => sheetLetteringKey(part) === key)!.part;
  return (
    <section className="sheet-team" data-testid="sheet-team" data-team={team.name} lang={order.locale} aria-labelledby={`sheet-team-${team.id}`}>
      <header className="sheet-team-head">
        <h3 id={`sheet-team-${team.id}`}>{t('adminOrders.sheet.teamTitle', { name: team.name })}</h3>
        <p>
          {t('adminOrders.sheet.order', { orderNo: order.orderNo })} · {products} · {t('adminOrders.sheet.teamShirts', { count: team.rows.length })}
        </p>
      </header>
      <div className="sheet-team-summary">
        <table className="sheet-table" data-testid="sheet-team-sizes">
          <caption>{t('adminOrders.sheet.perSize')}</caption>
          <thead>
            <tr>
              <th scope="row">{t('adminOrders.sheet.size')}</th>
              {team.sizes.map(({ size }) => (
                <th key={size} scope="col" className="sheet-size is-num">
                  {size}
                </th>
              ))}
              <th scope="col" className="is-num">
                {t('adminOrders.sheet.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('adminOrders.sheet.count')}</th>
              {team.sizes.map(({ size, count }) => (
                <td key={size} className="is-num" data-size={size}>
                  {count}
                </td>
              ))}
              <td className="is-num">
                <strong>{team.rows.length}</strong>
              </td>
            </tr>
          </tbody>
        </table>
        {team.lettering.length > 0 && (
          <table className="sheet-table" data-testid="sheet-team-lettering">
            <caption>{t('adminOrders.sheet.perLettering')}</caption>
            <tbody>
              {team.lettering.map(({ key, option, count }) => (
                <tr key={`${key}-${option}`}>
                  <th scope="row">{t(`print.lettering.${partOf(key)}.staff`, { option: premium(option) })}</th>
                  <td className="is-num">{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <table className="sheet-table sheet-team-rows" data-testid="sheet-team-rows">
        <thead>
          <tr>
            <th className="sheet-check">{t('adminOrders.sheet.printed')}</th>
            <th>{t('adminOrders.sheet.size')}</th>
            <th className="is-num">{t('adminOrders.sheet.number')}</th>
            <th>{t('adminOrders.sheet.name')}</th>
            <th>{t('adminOrders.sheet.patches')}</th>
          </tr>
        </thead>
        <tbody>
          {team.rows.map((shirt, i) => (
            <tr key={`${shirt.orderItemId}-${i}`} data-testid="sheet-team-row">
              <td className="sheet-check">
                {/* Ticked on screen by whoever prints; on paper an empty box to tick by hand. */}
                <input type="checkbox" className="sheet-tick" aria-label={t('adminOrders.sheet.printedRow', { size: shirt.size, print: printText(shirt, t) })} />
              </td>
              <td className="sheet-size">{shirt.size}</td>
              <td className="is-num sheet-number">{shirt.print?.number ?? '—'}</td>
              <td>
                {shirt.print?.name ? <strong className="sheet-print">{shirt.print.name}</strong> : <span className="sheet-muted">{shirt.print?.kind === 'blank' || !shirt.print ? t('adminOrders.sheet.blank') : '—'}</span>}
                {shirt.print?.kind === 'player' && <em className="sheet-muted"> ({t('adminOrders.customType.2')})</em>}
              </td>
              <td>{shirt.patches.length ? shirt.patches.join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function TeamSheets({ order }: { order: SheetOrder }) {
  const t = useLocaleT(order.locale);
  if (order.teams.length === 0) return null;
  if (!t) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <>
      {order.teams.map((team) => (
        <TeamSection key={team.id} order={order} team={team} t={t} />
      ))}
    </>
  );
}
