/**
 * What one line holds, as every page lists it: size, print type, the chosen player or the own
 * name and number, premium lettering, patches and add-ons. The cart (drawer and page), the
 * checkout's summary and the order pages all draw their lines' details with this (the mail words
 * the same print rows, domain/personalisation.ts printRows, on the server).
 */
import { useTranslation } from '../../i18n/react.tsx';
import { lineDetailRows, type LineDetailsLine } from './cart-parts.ts';

export type { LineDetailsLine } from './cart-parts.ts';

export function LineDetails({ line }: { line: LineDetailsLine }) {
  const { t } = useTranslation();
  return (
    <dl className="cart-line-details">
      {lineDetailRows(line, t).map(([key, label, value]) => (
        <div key={key} data-detail={key}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
