/**
 * Settings -> Quantity tiers: the one table the cart's discount, the banner's tier text, the cart
 * drawer and the product pages all follow (docs/money-and-personalisation.md "Quantity tiers").
 * Rows are added and removed here; each cell is checked with the server's own rules
 * (pricing.ts discountTierIssues) in the screen's language, and the server checks them again.
 * The preview is the storefront's banner text made from the table, in both languages.
 */
import type { RuleObject } from 'antd/es/form';
import { Button, Form, InputNumber, Typography } from 'antd';
import { createTranslate, type TFunction } from '../../../i18n/core.ts';
import { promoPhrases } from '../../../i18n/promo-phrases.ts';
import { DISCOUNT_TIER_LIMITS, discountTierIssues, type DiscountTier, type DiscountTierProblem } from '../../../domain/pricing.ts';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import enLayout from '../../../i18n/locales/en-US/layout.json';
import zhLayout from '../../../i18n/locales/zh-CN/layout.json';
import { useT } from '../../i18n.tsx';
import { BannerPreview, SectionForm, useSectionForm } from './section.tsx';

interface TiersForm {
  rows: Partial<DiscountTier>[];
}

/** The storefront's banner wording in each language, so the preview reads as the shop will. */
const STOREFRONT: Record<'en-US' | 'zh-CN', TFunction> = {
  'en-US': createTranslate('en-US', { layout: enLayout } as never),
  'zh-CN': createTranslate('zh-CN', { layout: zhLayout } as never),
};

/** The rows typed so far that are whole tiers (a half-typed row is left out of the checks of the others). */
function filled(rows: TiersForm['rows'] | undefined): DiscountTier[] {
  return (rows ?? []).map((r) => ({ minItems: r?.minItems ?? Number.NaN, percent: r?.percent ?? Number.NaN }));
}

/** The server's paths (`rows.1.minItems`) as the form's names (`['rows', 1, 'minItems']`). */
const fieldOf = (path: string[]) => path.map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export function TiersSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const initial: TiersForm = { rows: settings.tiers.rows.map((tier) => ({ ...tier })) };
  const section = useSectionForm(initial, settings.tiers, savedAt);
  const rows = Form.useWatch('rows', section.form) as TiersForm['rows'] | undefined;
  const problem = (p: DiscountTierProblem) => t(`adminMarketing.settings.tierErrors.${p}` as MessageKey, { ...DISCOUNT_TIER_LIMITS });
  /** The cell's first problem in the table as it stands (an empty cell is "required"). */
  const cellRule = (index: number, field: 'minItems' | 'percent'): RuleObject => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(t('adminMarketing.settings.errors.number'));
      const issue = discountTierIssues(filled(section.form.getFieldValue('rows') as TiersForm['rows'])).find((i) => i.index === index && i.field === field);
      if (issue) throw new Error(problem(issue.problem));
    },
  });
  const complete = filled(rows).filter((r) => Number.isInteger(r.minItems) && Number.isInteger(r.percent));
  const preview = (lang: 'en-US' | 'zh-CN') => {
    const phrases = promoPhrases(complete, STOREFRONT[lang]);
    return (
      <BannerPreview lang={lang} testId={`tiers-preview-${lang}`}>
        {phrases.length ? <span>{phrases.join(' · ')}</span> : <em>{t('adminMarketing.settings.noTiers')}</em>}
      </BannerPreview>
    );
  };
  return (
    <SectionForm<TiersForm>
      section={section}
      title={t('adminMarketing.settings.tiers')}
      testName="tiers"
      saveApart
      onFinish={(v) => section.run({ section: 'tiers', value: { rows: filled(v.rows) } }, fieldOf)}
    >
      <Typography.Paragraph type="secondary">{t('adminMarketing.settings.tiersHelp', { max: DISCOUNT_TIER_LIMITS.maxRows })}</Typography.Paragraph>
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div key={field.key} className="admin-tax-row" data-testid="tier-row">
                <Form.Item name={[field.name, 'minItems']} label={t('adminMarketing.settings.tierMinItems')} dependencies={['rows']} rules={[cellRule(index, 'minItems')]}>
                  <InputNumber min={DISCOUNT_TIER_LIMITS.minItems} max={DISCOUNT_TIER_LIMITS.maxItems} precision={0} style={{ width: 120 }} data-testid="tier-min-items" />
                </Form.Item>
                <Form.Item name={[field.name, 'percent']} label={t('adminMarketing.settings.tierPercent')} dependencies={['rows']} rules={[cellRule(index, 'percent')]}>
                  <InputNumber min={DISCOUNT_TIER_LIMITS.minPercent} max={DISCOUNT_TIER_LIMITS.maxPercent} precision={0} suffix="%" style={{ width: 120 }} data-testid="tier-percent" />
                </Form.Item>
                <Button type="text" danger onClick={() => remove(field.name)} className="admin-tax-remove" data-testid="tier-remove">
                  {t('adminMarketing.settings.removeTier')}
                </Button>
              </div>
            ))}
            {fields.length === 0 && <Typography.Paragraph type="secondary">{t('adminMarketing.settings.noTiers')}</Typography.Paragraph>}
            <Button type="dashed" onClick={() => add(nextRow(complete))} disabled={fields.length >= DISCOUNT_TIER_LIMITS.maxRows} data-testid="tier-add">
              {t('adminMarketing.settings.addTier')}
            </Button>
          </>
        )}
      </Form.List>
      <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 4 }}>
        {t('adminMarketing.settings.preview')}
      </Typography.Paragraph>
      {preview('en-US')}
      {preview('zh-CN')}
    </SectionForm>
  );
}

/** A new row a step above the last one, so adding one starts from a valid table. */
function nextRow(rows: readonly DiscountTier[]): DiscountTier {
  const last = rows.at(-1);
  const L = DISCOUNT_TIER_LIMITS;
  if (!last) return { minItems: 3, percent: 10 };
  return { minItems: Math.min(L.maxItems, last.minItems + 2), percent: Math.min(L.maxPercent, last.percent + 5) };
}
