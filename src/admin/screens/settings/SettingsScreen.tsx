/**
 * The shop's settings (settings:edit, R_SUPER): shipping rates per zone and method, the zones'
 * countries (ZonesSection.tsx), the free-shipping threshold, the quantity tiers (TiersSection.tsx),
 * the promotion banner with a preview in both languages, the exchange rates with their date, and the merchant's notification address (tab Shop); taxes (tab Taxes,
 * TaxesPanel.tsx), who issues invoices (tab Seller, SellerPanel.tsx) and the after-sales windows
 * (tab After sales, AfterSalesPanel.tsx). Each section saves on its own;
 * the server checks it again, prices every cart from it at once and writes the audit row.
 * Amounts are typed in major units (4.95) and kept in minor units.
 */
import { Checkbox, Form, Input, InputNumber, Space, Switch, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { adminSettingsApi } from '../../../domain/api/admin/settings.ts';
import { BASE_CURRENCY, CURRENCY_CODES, formatMoney, type CurrencyCode } from '../../../domain/money.model.ts';
import { shownCurrencies, type SettingSection, type ShopSettings } from '../../../domain/settings.model.ts';
import { RATES_SOURCE_MAX } from '../../../domain/settings.schema.ts';
import { SHIPPING_METHODS, SHIPPING_ZONES, type ShippingMethod, type ShippingZone } from '../../../domain/shipping.ts';
import { interpolate } from '../../../domain/translate.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import enLayout from '../../../i18n/locales/en-US/layout.json';
import zhLayout from '../../../i18n/locales/zh-CN/layout.json';
import { useApiQuery } from '../../api.ts';
import { DateTimeField, dateFieldRule } from '../../widgets/DateTimeField.tsx';
import { useT } from '../../i18n.tsx';
import { toMinor } from '../coupons/form.ts';
import { useScreen } from '../../frame/screen-context.ts';
import { BannerPreview, SectionForm, useSectionForm } from './section.tsx';
import { SellerPanel } from './SellerPanel.tsx';
import { AfterSalesPanel } from './AfterSalesPanel.tsx';
import { SellerWarning, sellerMissing } from './seller-warning.tsx';
import { TaxesPanel } from './TaxesPanel.tsx';
import { TiersSection } from './TiersSection.tsx';
import { ZonesSection } from './ZonesSection.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';

type ShippingForm = Record<ShippingZone, Record<ShippingMethod, { amount: number; minDays: number; maxDays: number; freeFromThreshold: boolean }>>;

function ShippingSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const rows = SHIPPING_ZONES.flatMap((zone) => SHIPPING_METHODS.map((method) => ({ key: `${zone}.${method}`, zone, method })));
  const initial = Object.fromEntries(
    SHIPPING_ZONES.map((zone) => [zone, Object.fromEntries(SHIPPING_METHODS.map((m) => [m, { ...settings.shipping[zone][m], amount: settings.shipping[zone][m].amountEur / 100 }]))]),
  ) as unknown as ShippingForm;
  const section = useSectionForm(initial, settings.shipping, savedAt);
  const { run } = section;
  const submit = (values: ShippingForm) =>
    run(
      {
        section: 'shipping',
        value: Object.fromEntries(
          SHIPPING_ZONES.map((zone) => [
            zone,
            Object.fromEntries(SHIPPING_METHODS.map((m) => [m, { amountEur: toMinor(values[zone][m].amount), minDays: values[zone][m].minDays, maxDays: values[zone][m].maxDays, freeFromThreshold: values[zone][m].freeFromThreshold }])),
          ]),
        ) as never,
      },
      (path) => (path[2] === 'amountEur' ? [path[0]!, path[1]!, 'amount'] : path),
    );
  const cell = (zone: ShippingZone, method: ShippingMethod, field: 'amount' | 'minDays' | 'maxDays') => (
    <Form.Item name={[zone, method, field]} noStyle={false} style={{ margin: 0 }} rules={[{ required: true, type: 'number', min: field === 'amount' ? 0 : 0, message: t('adminMarketing.settings.errors.number') }]}>
      <InputNumber min={0} precision={field === 'amount' ? 2 : 0} {...(field === 'amount' ? { prefix: '€' } : {})} style={{ width: field === 'amount' ? 110 : 70 }} aria-label={`${t(`adminMarketing.settings.zones.${zone}` as MessageKey)} ${t(`adminMarketing.settings.methods.${method}` as MessageKey)} ${t(`adminMarketing.settings.${field}` as MessageKey)}`} data-testid={`shipping-${zone}-${method}-${field}`} />
    </Form.Item>
  );
  return (
    <SectionForm<ShippingForm> section={section} title={t('adminMarketing.settings.shipping')} testName="shipping" onFinish={submit} layout="horizontal" saveApart>
      <RowsTable
        dataSource={rows}
        width={560}
        columns={[
          { key: 'zone', title: t('adminMarketing.settings.zone'), render: (_v, r) => t(`adminMarketing.settings.zones.${r.zone}` as MessageKey) },
          { key: 'method', title: t('adminMarketing.settings.method'), render: (_v, r) => t(`adminMarketing.settings.methods.${r.method}` as MessageKey) },
          { key: 'amount', title: t('adminMarketing.settings.amount'), render: (_v, r) => cell(r.zone, r.method, 'amount') },
          { key: 'minDays', title: t('adminMarketing.settings.minDays'), render: (_v, r) => cell(r.zone, r.method, 'minDays') },
          { key: 'maxDays', title: t('adminMarketing.settings.maxDays'), render: (_v, r) => cell(r.zone, r.method, 'maxDays') },
          {
            key: 'free',
            title: t('adminMarketing.settings.freeFromThreshold'),
            render: (_v, r) => (
              <Form.Item name={[r.zone, r.method, 'freeFromThreshold']} valuePropName="checked" style={{ margin: 0 }}>
                <Checkbox aria-label={t('adminMarketing.settings.freeFromThreshold')} />
              </Form.Item>
            ),
          },
        ]}
      />
    </SectionForm>
  );
}

function FreeShippingSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t, locale } = useT();
  const section = useSectionForm({ threshold: settings.freeShipping.thresholdEur / 100 }, settings.freeShipping, savedAt);
  const threshold = Form.useWatch('threshold', section.form);
  return (
    <SectionForm
      section={section}
      title={t('adminMarketing.settings.freeShipping')}
      testName="free-shipping"
      onFinish={(v) => section.run({ section: 'freeShipping', value: { thresholdEur: toMinor(v.threshold) } }, () => ['threshold'])}
    >
      <Form.Item name="threshold" label={t('adminMarketing.settings.threshold')} extra={t('adminMarketing.settings.thresholdHelp')} rules={[{ required: true, type: 'number', min: 0, message: t('adminMarketing.settings.errors.number') }]}>
        <InputNumber min={0} precision={2} prefix="€" style={{ width: 200 }} data-testid="free-shipping-threshold" />
      </Form.Item>
      {typeof threshold === 'number' && (
        <Typography.Paragraph type="secondary">
          {CURRENCY_CODES.filter((c) => c !== 'EUR')
            .map((c) => formatMoney(Math.round((toMinor(threshold) * settings.exchangeRates.rates[c]) / settings.exchangeRates.rates.EUR), c, locale))
            .join(' · ')}
        </Typography.Paragraph>
      )}
    </SectionForm>
  );
}

/** The storefront's own banner wording in each language, so the preview reads as the shop will. */
const BANNER_TEXT = { 'en-US': enLayout.banner, 'zh-CN': zhLayout.banner } as const;

interface BannerForm {
  enabled: boolean;
  en: string;
  zh: string;
  countdownTo: dayjs.Dayjs | null;
}

function BannerSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t, locale } = useT();
  const initial: BannerForm = { enabled: settings.banner.enabled, en: settings.banner.message['en-US'], zh: settings.banner.message['zh-CN'], countdownTo: settings.banner.countdownTo ? dayjs(settings.banner.countdownTo) : null };
  const section = useSectionForm(initial, settings.banner, savedAt);
  const values = Form.useWatch([], section.form) as BannerForm | undefined;
  const target = values?.countdownTo?.isValid() ? values.countdownTo.toDate() : null;
  const preview = (lang: 'en-US' | 'zh-CN', text: string | undefined) => (
    <BannerPreview lang={lang} testId={`banner-preview-${lang}`} hidden={!values?.enabled}>
      {values?.enabled === false ? (
        <em>{t('adminMarketing.settings.bannerOff')}</em>
      ) : (
        <>
          {text?.trim() && <strong>{text.trim()}</strong>}
          <span>{interpolate(BANNER_TEXT[lang].freeShipping, { amount: formatMoney(settings.freeShipping.thresholdEur, 'EUR', lang) })}</span>
          <span>{target ? `${BANNER_TEXT[lang].endsIn} ${target.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })}` : BANNER_TEXT[lang].fallback}</span>
        </>
      )}
    </BannerPreview>
  );
  return (
    <SectionForm<BannerForm>
      section={section}
      title={t('adminMarketing.settings.banner')}
      testName="banner"
      saveApart
      onFinish={(v) =>
        section.run({ section: 'banner', value: { enabled: v.enabled, message: { 'en-US': v.en ?? '', 'zh-CN': v.zh ?? '' }, countdownTo: v.countdownTo ? v.countdownTo.toISOString() : null } }, (path) =>
          path[0] === 'message' ? [path[1] === 'zh-CN' ? 'zh' : 'en'] : path,
        )
      }
    >
      <Form.Item name="enabled" label={t('adminMarketing.settings.bannerEnabled')} valuePropName="checked">
        <Switch data-testid="banner-enabled" />
      </Form.Item>
      <Form.Item name="en" label={t('adminMarketing.settings.messageEn')} rules={[{ max: 160, message: t('adminMarketing.settings.errors.tooLong') }]}>
        <Input maxLength={160} showCount data-testid="banner-en" />
      </Form.Item>
      <Form.Item name="zh" label={t('adminMarketing.settings.messageZh')} rules={[{ max: 160, message: t('adminMarketing.settings.errors.tooLong') }]}>
        <Input maxLength={160} showCount data-testid="banner-zh" />
      </Form.Item>
      <Form.Item name="countdownTo" label={t('adminMarketing.settings.countdownTo')} extra={t('adminMarketing.settings.countdownHelp')} rules={[dateFieldRule(t)]}>
        <DateTimeField allowClear style={{ width: 220 }} data-testid="banner-countdown" />
      </Form.Item>
      <Typography.Text strong>{t('adminMarketing.settings.preview')}</Typography.Text>
      {preview('en-US', values?.en)}
      {preview('zh-CN', values?.zh)}
    <span hidden>{locale}</span>
    </SectionForm>
  );
}

interface RatesForm {
  rates: Record<CurrencyCode, number>;
  setOn: dayjs.Dayjs;
  shown: CurrencyCode[];
  source: string;
}

function RatesSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const rates = settings.exchangeRates;
  const initial: RatesForm = {
    rates: Object.fromEntries(CURRENCY_CODES.map((c) => [c, rates.rates[c] / 100])) as Record<CurrencyCode, number>,
    setOn: dayjs(rates.setOn),
    shown: shownCurrencies(rates.shown),
    source: rates.source,
  };
  const section = useSectionForm(initial, settings.exchangeRates, savedAt);
  return (
    <SectionForm<RatesForm>
      section={section}
      title={t('adminMarketing.settings.rates')}
      testName="rates"
      onFinish={(v) =>
        section.run({
          section: 'exchangeRates',
          value: { rates: Object.fromEntries(CURRENCY_CODES.map((c) => [c, toMinor(v.rates[c])])) as Record<CurrencyCode, number>, setOn: v.setOn.format('YYYY-MM-DD'), shown: shownCurrencies(v.shown), source: v.source.trim() },
        })
      }
    >
      <Form.Item name="shown" label={t('adminMarketing.settings.shownCurrencies')} extra={t('adminMarketing.settings.shownHelp', { base: BASE_CURRENCY })}>
        <Checkbox.Group options={CURRENCY_CODES.map((c) => ({ value: c, label: c, disabled: c === BASE_CURRENCY }))} data-testid="rates-shown" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('adminMarketing.settings.ratesHelp')}</Typography.Paragraph>
      <div className="admin-currency-grid">
        {CURRENCY_CODES.map((c) => (
          <Form.Item key={c} name={['rates', c]} label={c} rules={[{ required: true, type: 'number', min: 0.01, message: t('adminMarketing.settings.errors.rate') }]}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} data-testid={`rate-${c}`} />
          </Form.Item>
        ))}
      </div>
      <Form.Item name="setOn" label={t('adminMarketing.settings.setOn')} rules={[{ required: true, message: t('adminMarketing.settings.errors.date') }, dateFieldRule(t, false)]}>
        <DateTimeField time={false} allowClear={false} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="source" label={t('adminMarketing.settings.ratesSource')} extra={t('adminMarketing.settings.ratesSourceHelp')} rules={[{ max: RATES_SOURCE_MAX, message: t('adminMarketing.settings.errors.ratesSource', { max: RATES_SOURCE_MAX }) }]}>
        <Input maxLength={RATES_SOURCE_MAX} style={{ maxWidth: 480 }} data-testid="rates-source" />
      </Form.Item>
    </SectionForm>
  );
}

function MerchantSection({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const section = useSectionForm<{ email: string }>({ email: settings.merchant.email ?? '' }, settings.merchant, savedAt);
  return (
    <SectionForm
      section={section}
      title={t('adminMarketing.settings.merchant')}
      testName="merchant"
      onFinish={(v) => section.run({ section: 'merchant', value: { email: v.email?.trim() ? v.email.trim() : null } })}
    >
      <Form.Item name="email" label={t('adminMarketing.settings.merchantEmail')} extra={t('adminMarketing.settings.merchantHelp')} rules={[{ type: 'email', message: t('adminMarketing.settings.errors.email') }]}>
        <Input type="email" maxLength={254} style={{ maxWidth: 360 }} data-testid="merchant-email" />
      </Form.Item>
    </SectionForm>
  );
}

const TABS = ['shop', 'taxes', 'seller', 'afterSales'] as const;
type SettingsTab = (typeof TABS)[number];

/** The tab the address asks for (`/settings?tab=taxes`: the dashboard's warning links the Seller tab so). */
function tabOf(fullPath: string): SettingsTab {
  const asked = new URLSearchParams(fullPath.split('?')[1] ?? '').get('tab');
  return TABS.find((tab) => tab === asked) ?? 'shop';
}

export default function SettingsScreen() {
  const { t } = useT();
  const { fullPath } = useScreen();
  const [tab, setTab] = useState<SettingsTab>(() => tabOf(fullPath));
  useEffect(() => setTab(tabOf(fullPath)), [fullPath]);
  const answer = useApiQuery(adminSettingsApi.settings);
  if (!answer.data) return <div className="admin-screen">{answer.isError ? t('admin.common.loadFailed') : null}</div>;
  const { settings, savedAt } = answer.data;
  const at = (section: SettingSection) => savedAt[section];
  return (
    <div className="admin-screen admin-settings">
      {tab !== 'seller' && sellerMissing(settings.seller) && <SellerWarning onOpen={() => setTab('seller')} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as SettingsTab)}
        data-testid="settings-tabs"
        items={[
          {
            key: 'shop',
            label: t('adminTax.settings.tabs.shop'),
            children: (
              <Space direction="vertical" size={16} style={{ width: '100%' }}>
                <ShippingSection settings={settings} savedAt={at('shipping')} />
                <ZonesSection settings={settings} savedAt={at('shippingZones')} />
                <FreeShippingSection settings={settings} savedAt={at('freeShipping')} />
                <TiersSection settings={settings} savedAt={at('tiers')} />
                <BannerSection settings={settings} savedAt={at('banner')} />
                <RatesSection settings={settings} savedAt={at('exchangeRates')} />
                <MerchantSection settings={settings} savedAt={at('merchant')} />
              </Space>
            ),
          },
          { key: 'taxes', label: t('adminTax.settings.tabs.taxes'), children: <TaxesPanel settings={settings} savedAt={at('taxes')} /> },
          { key: 'seller', label: t('adminTax.settings.tabs.seller'), children: <SellerPanel settings={settings} savedAt={at('seller')} /> },
          { key: 'afterSales', label: t('adminReturns.settings.tab'), children: <AfterSalesPanel settings={settings} savedAt={at('afterSales')} /> },
        ]}
      />
    </div>
  );
}
