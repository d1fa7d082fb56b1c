/**
 * The back of the shirt with the chosen name and number drawn over it, scaled with the image
 * (one SVG in the image's own 400 x 440 units). Colours and sizes are SVG attributes, not inline
 * styles, so the server-rendered markup passes the page's Content-Security-Policy.
 */
import { useMemo } from 'react';
import type { PremiumOption } from '../../domain/personalisation.ts';
import { mediaUrl } from '../../stores/product.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { PRINT_LAYOUT, fitText, printPaint, shirtColours, type TextBox } from './print-preview.ts';

export interface ShirtPreviewProps {
  /** The back image's address. */
  image: string;
  name: string;
  number: string;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
}

export function ShirtPreview({ image, name, number, premiumNameOption, premiumNumberOption }: ShirtPreviewProps) {
  const { t } = useTranslation();
  const colours = useMemo(() => shirtColours(image), [image]);
  const alt = name || number ? t('configurator.preview.alt', { name, number }) : t('configurator.preview.altBlank');
  return (
    <figure className="preview">
      <div className="preview-frame">
        <img src={mediaUrl(image)} width={400} height={440} alt={alt} loading="lazy" decoding="async" />
        <svg className="preview-print" viewBox="0 0 400 440" aria-hidden="true" focusable="false">
          <PrintLine text={name} baseline={PRINT_LAYOUT.name.baseline} box={PRINT_LAYOUT.name} paint={printPaint(colours, premiumNameOption)} kind="name" />
          <PrintLine text={number} baseline={PRINT_LAYOUT.number.baseline} box={PRINT_LAYOUT.number} paint={printPaint(colours, premiumNumberOption)} kind="number" />
        </svg>
      </div>
      <figcaption>{t('configurator.preview.title')}</figcaption>
    </figure>
  );
}

function PrintLine({ text, baseline, box, paint, kind }: { text: string; baseline: number; box: TextBox; paint: { fill: string; stroke: string }; kind: 'name' | 'number' }) {
  if (!text) return null;
  const fit = fitText(text, box);
  return (
    <text
      className={`print-${kind}`}
      x={PRINT_LAYOUT.centreX}
      y={baseline}
      textAnchor="middle"
      fontSize={fit.fontSize}
      fontWeight={800}
      fontFamily="'Arial Black', 'Helvetica Neue', Arial, sans-serif"
      fill={paint.fill}
      stroke={paint.stroke}
      strokeWidth={Math.max(1.5, fit.fontSize * 0.06)}
      strokeLinejoin="round"
      paintOrder="stroke"
      {...(fit.textLength === null ? {} : { textLength: fit.textLength, lengthAdjust: 'spacingAndGlyphs' })}
    >
      {text}
    </text>
  );
}
