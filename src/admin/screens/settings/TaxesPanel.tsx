/**
 * Settings -> Taxes (docs/taxes.md "What the merchant must set"): where the shop is established
 * and its number there, its registrations, the US states it collects in, the price mode; saved as
 * one section. The rate table below lists every market's rates with their sources and how old
 * each check is; a rate edit, or a return to the default, saves at once (the section with the
 * saved values and the new `rateEdits`), leaving what is typed above alone.
 */
import { Alert, Button, Form, Grid, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { geoApi } from '../../../domain/api/geo.ts';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import { DEFAULT_TAX_TABLE, marketOf } from '../../../domain/tax/rates.ts';
import { taxNumberExample, taxRateEditSchema } from '../../../domain/tax/settings.schema.ts';
import { PRICE_MODES, REGISTRATION_SCHEMES, ratePercent, type TaxName, type TaxSection } from '../../../domain/tax/tax.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiQuery } from '../../api.ts';
import { useT, type AdminT } from '../../i18n.tsx';
import { DateTimeField, dateFieldRule } from '../../widgets/DateTimeField.tsx';
import { Section, SectionForm, useSectionForm, useSectionSave } from './section.tsx';
import { fieldIssues, formFieldOf, needsRegion, taxSectionOf, taxesFormOf, type TaxesFormValues } from './taxes-form.ts';
import { RECHECK_AFTER_MONTHS, daysBetween, monthsBetween, needsRecheck, rateOfPercent, rateRows, todayIso, withEdit, withoutEdit, type RateRow } from './tax-rates.ts';
import { RowsTable } from '../../widgets/RowsTable.tsx';

/** A per cent figure as the screen shows it: 9.975%, 19%. */
export function percentText(rate: number, locale: string): string {
  return `${ratePercent(rate).toLocaleString(locale, { maximumFractionDigits: 3 })}%`;
}

/** How old a check is, in the user's words ("4 months ago"). */
function ageText(date: string, today: string, locale: string): string {
  const months = monthsBetween(date, today);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return months >= 1 ? relative.format(-months, 'month') : relative.format(-daysBetween(date, today), 'day');
}

function taxName(t: AdminT, tax: TaxName): string {
  return t(`adminTax.order.taxNames.${tax}` as MessageKey);
}

/**
 * A field's rule from the shared schema: the form's whole value is checked with
 * `taxSectionSchema` and the field fails when the schema names it; the message is the screen's
 * (in the user's language), else the schema's own.
 */
function sectionRule(field: (string | number)[], message: (values: TaxesFormValues, schemaMessage: string) => string): RuleRender {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as TaxesFormValues;
      const problem = fieldIssues(values).get(field.join('.'));
      if (problem !== undefined) throw new Error(message(values, problem));
    },
  });
}

function useRegions(country: string | undefined) {
  return useApiQuery(geoApi.states, { countryCode: country ?? 'US' }, { enabled: needsRegion(country), silent: true });
}

function HomeFields() {
  const { t } = useT();
  const form = Form.useFormInstance<TaxesFormValues>();
  const country = Form.useWatch('homeCountry', form);
  const countries = useApiQuery(geoApi.countries, {}, { silent: true });
  const regions = useRegions(country);
  return (
    <>
      <Typography.Title level={5}>{t('adminTax.settings.home')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('adminTax.settings.homeHelp')}</Typography.Paragraph>
      <div className="admin-tax-grid">
        <Form.Item name="homeCountry" label={t('adminTax.settings.homeCountry')} rules={[{ required: true, message: t('adminTax.settings.required') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(countries.data?.records ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
            onChange={() => form.setFieldValue('homeRegion', null)}
            data-testid="tax-home-country"
          />
        </Form.Item>
        {needsRegion(country) && (
          <Form.Item name="homeRegion" label={t('adminTax.settings.homeRegion')} dependencies={['homeCountry']} rules={[{ required: true, message: t('adminTax.settings.regionNeeded') }, sectionRule(['homeRegion'], () => t('adminTax.settings.regionNeeded'))]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={(regions.data?.records ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))} data-testid="tax-home-region" />
          </Form.Item>
        )}
        <Form.Item name="homeTaxNumber" label={t('adminTax.settings.homeTaxNumber')} extra={t('adminTax.settings.homeTaxNumberHelp')} rules={[sectionRule(['homeTaxNumber'], (_v, m) => m)]}>
          <Input maxLength={40} data-testid="tax-home-number" />
        </Form.Item>
      </div>
    </>
  );
}

function schemeMessage(t: AdminT, index: number) {
  return (values: TaxesFormValues): string => {
    const scheme = values.registrations?.[index]?.scheme;
    if (!scheme) return t('adminTax.settings.required');
    if ((values.registrations ?? []).filter((r) => r?.scheme === scheme).length > 1) return t('adminTax.settings.schemeTwice');
    return t(scheme === 'EU-OSS' ? 'adminTax.settings.ossOutsideEu' : 'adminTax.settings.iossInsideEu');
  };
}

function numberMessage(t: AdminT, index: number) {
  return (values: TaxesFormValues): string => {
    const registration = values.registrations?.[index];
    if (!registration?.number?.trim()) return t('adminTax.settings.required');
    const scheme = registration.scheme ?? 'EU-OSS';
    const example = taxNumberExample(scheme);
    const name = t(`adminTax.settings.schemes.${scheme}` as MessageKey);
    return example ? t('adminTax.settings.badNumber', { scheme: name, example }) : t('adminTax.settings.badNumberPlain', { scheme: name });
  };
}

function RegistrationFields() {
  const { t } = useT();
  const form = Form.useFormInstance<TaxesFormValues>();
  const registrations = Form.useWatch('registrations', form) ?? [];
  return (
    <>
      <Typography.Title level={5}>{t('adminTax.settings.registrations')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('adminTax.settings.registrationsHelp')}</Typography.Paragraph>
      <Form.List name="registrations">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => {
              const scheme = registrations[field.name]?.scheme;
              const example = scheme ? taxNumberExample(scheme) : null;
              return (
                <div key={field.key} className="admin-tax-row" data-testid="tax-registration">
                  <Form.Item
                    name={[field.name, 'scheme']}
                    label={t('adminTax.settings.scheme')}
                    dependencies={['homeCountry', 'registrations']}
                    rules={[{ required: true, message: t('adminTax.settings.required') }, sectionRule(['registrations', field.name, 'scheme'], schemeMessage(t, field.name))]}
                  >
                    <Select
                      style={{ width: 260, maxWidth: '100%' }}
                      options={REGISTRATION_SCHEMES.map((s) => ({ value: s, label: t(`adminTax.settings.schemes.${s}` as MessageKey) }))}
                      data-testid="tax-registration-scheme"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'number']}
                    label={t('adminTax.settings.number')}
                    dependencies={[['registrations', field.name, 'scheme']]}
                    rules={[sectionRule(['registrations', field.name, 'number'], numberMessage(t, field.name))]}
                  >
                    <Input maxLength={40} placeholder={example ?? ''} style={{ width: 220, maxWidth: '100%' }} data-testid="tax-registration-number" />
                  </Form.Item>
                  <Button type="text" danger onClick={() => remove(field.name)} className="admin-tax-remove">
                    {t('adminTax.settings.remove')}
                  </Button>
                </div>
              );
            })}
            <Button
              type="dashed"
              onClick={() => add({ scheme: REGISTRATION_SCHEMES.find((s) => !registrations.some((r) => r?.scheme === s)), number: '' })}
              disabled={fields.length >= REGISTRATION_SCHEMES.length}
              data-testid="tax-registration-add"
            >
              {t('adminTax.settings.addRegistration')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

function UsStateFields() {
  const { t } = useT();
  const form = Form.useFormInstance<TaxesFormValues>();
  const states = useRegions('US');
  const rows = Form.useWatch('usStates', form) ?? [];
  const rateRule: RuleObject = {
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(t('adminTax.settings.required'));
      const rate = rateOfPercent(value);
      if (rate === null || !taxRateEditSchema.shape.standard.safeParse(rate).success) throw new Error(t('adminTax.settings.badRate'));
    },
  };
  return (
    <>
      <Typography.Title level={5}>{t('adminTax.settings.usStates')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('adminTax.settings.usStatesHelp')}</Typography.Paragraph>
      <Form.List name="usStates">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="admin-tax-row" data-testid="tax-us-state">
                <Form.Item
                  name={[field.name, 'state']}
                  label={t('adminTax.settings.state')}
                  dependencies={['usStates']}
                  rules={[
                    { required: true, message: t('adminTax.settings.required') },
                    {
                      validator: async (_rule, value: string | undefined) => {
                        if (value && rows.filter((r) => r?.state === value).length > 1) throw new Error(t('adminTax.settings.stateTwice'));
                      },
                    },
                  ]}
                >
                  <Select showSearch={{ optionFilterProp: 'label' }} style={{ width: 200, maxWidth: '100%' }} options={(states.data?.records ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'rate']} label={t('adminTax.settings.ratePercent')} rules={[rateRule]}>
                  <InputNumber min={0} max={100} step={0.25} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'taxShipping']} label={t('adminTax.settings.taxShipping')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name={[field.name, 'number']} label={t('adminTax.settings.permit')} rules={[sectionRule(['usStates', field.name, 'number'], (_v, m) => m)]}>
                  <Input maxLength={40} style={{ width: 180, maxWidth: '100%' }} />
                </Form.Item>
                <Button type="text" danger onClick={() => remove(field.name)} className="admin-tax-remove">
                  {t('adminTax.settings.remove')}
                </Button>
              </div>
            ))}
            <Button type="dashed" onClick={() => add({ state: undefined, rate: null, taxShipping: false, number: '' })} data-testid="tax-us-add">
              {t('adminTax.settings.addState')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

function PriceFields() {
  const { t, locale } = useT();
  const form = Form.useFormInstance<TaxesFormValues>();
  const mode = Form.useWatch('priceMode', form);
  const country = Form.useWatch('homeCountry', form);
  const region = Form.useWatch('homeRegion', form);
  const home = country ? marketOf(DEFAULT_TAX_TABLE, country, region) : null;
  const homeRate = home?.components[0] ? percentText(home.components.reduce((sum, c) => sum + c.rates.standard, 0), locale) : '0%';
  return (
    <>
      <Typography.Title level={5}>{t('adminTax.settings.prices')}</Typography.Title>
      <Form.Item name="priceMode" label={t('adminTax.settings.priceMode')}>
        <Radio.Group className="admin-tax-modes" data-testid="tax-price-mode">
          {PRICE_MODES.map((m) => (
            <Radio key={m} value={m}>
              {t(`adminTax.settings.modes.${m}` as MessageKey)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {mode === 'destination-rate' && (
        <Form.Item
          name="catalogueRate"
          label={t('adminTax.settings.catalogueRate')}
          extra={t('adminTax.settings.catalogueRateHelp', { rate: homeRate })}
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (value !== null && value !== undefined && rateOfPercent(value) === null) throw new Error(t('adminTax.settings.badRate'));
              },
            },
          ]}
        >
          <InputNumber min={0} max={100} style={{ width: 140 }} data-testid="tax-catalogue-rate" />
        </Form.Item>
      )}
    </>
  );
}

function SettingsForm({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const section = useSectionForm<TaxesFormValues>(taxesFormOf(settings.taxes), { ...settings.taxes, rateEdits: [] }, savedAt);
  const submit = (values: TaxesFormValues) =>
    section.run({ section: 'taxes', value: taxSectionOf(values, settings.taxes.rateEdits) }, (path) => formFieldOf(path, values) ?? path);
  return (
    <SectionForm<TaxesFormValues> section={section} title={t('adminTax.settings.tabs.taxes')} testName="taxes" onFinish={(v) => void submit(v)} saveApart>
      <HomeFields />
      <RegistrationFields />
      <UsStateFields />
      <PriceFields />
    </SectionForm>
  );
}

interface RateEditValues {
  standard: number | null;
  children: number | null;
  checkedOn: dayjs.Dayjs;
}

function marketName(row: Pick<RateRow, 'country' | 'region' | 'market'>, locale: string): string {
  let country = row.country;
  try {
    country = new Intl.DisplayNames([locale], { type: 'region' }).of(row.country) ?? row.country;
  } catch {
    // An engine without region names shows the code.
  }
  return row.region ? `${country} · ${row.region}` : country;
}

function RateEditDialog({ row, settings, onClose }: { row: RateRow | null; settings: ShopSettings; onClose: () => void }) {
  const { t, locale } = useT();
  const [form] = Form.useForm<RateEditValues>();
  const { run, saving } = useSectionSave(form);
  const rateRule = (required: boolean): RuleObject => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) {
        if (required) throw new Error(t('adminTax.settings.required'));
        return;
      }
      const rate = rateOfPercent(value);
      if (rate === null || !taxRateEditSchema.shape.standard.safeParse(rate).success) throw new Error(t('adminTax.settings.badRate'));
    },
  });
  const save = async (values: RateEditValues) => {
    if (!row) return;
    const edit = {
      market: row.market,
      tax: row.tax,
      standard: rateOfPercent(values.standard)!,
      children: values.children === null || values.children === undefined ? null : rateOfPercent(values.children)!,
      checkedOn: values.checkedOn.format('YYYY-MM-DD'),
    };
    const saved = await run(
      { section: 'taxes', value: { ...settings.taxes, rateEdits: withEdit(settings.taxes.rateEdits, edit) } },
      (path) => (path[0] === 'rateEdits' ? [path[2] ?? 'standard'] : path),
      t('adminTax.settings.rateSaved'),
    );
    if (saved) onClose();
  };
  return (
    <Modal
      open={row !== null}
      title={row ? t('adminTax.settings.editTitle', { market: `${marketName(row, locale)} (${row.market})`, tax: taxName(t, row.tax) }) : ''}
      onCancel={onClose}
      okText={t('adminTax.settings.save')}
      cancelText={t('adminTax.settings.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'tax-rate-save' } as never}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="tax-rate-dialog"
    >
      {row && (
        <Form<RateEditValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ standard: ratePercent(row.standard), children: row.children === null ? null : ratePercent(row.children), checkedOn: dayjs(todayIso()) }}
          onFinish={(v) => void save(v)}
        >
          <Typography.Paragraph type="secondary">
            {row.source.authority}: {row.source.document}
          </Typography.Paragraph>
          <Form.Item name="standard" label={t('adminTax.settings.standardPercent')} extra={t('adminTax.settings.defaultWas', { rate: percentText(row.defaults.standard, locale) })} rules={[rateRule(true)]}>
            <InputNumber min={0} max={100} style={{ width: 160 }} data-testid="tax-edit-standard" />
          </Form.Item>
          <Form.Item
            name="children"
            label={t('adminTax.settings.childrenPercent')}
            extra={`${t('adminTax.settings.childrenHelp')} ${t('adminTax.settings.defaultWas', { rate: row.defaults.children === null ? t('adminTax.settings.asStandard') : percentText(row.defaults.children, locale) })}`}
            rules={[rateRule(false)]}
          >
            <InputNumber min={0} max={100} style={{ width: 160 }} data-testid="tax-edit-children" />
          </Form.Item>
          <Form.Item name="checkedOn" label={t('adminTax.settings.checkedOn')} extra={t('adminTax.settings.checkedOnHelp')} rules={[{ required: true, message: t('adminTax.settings.required') }, dateFieldRule(t, false)]}>
            <DateTimeField time={false} allowClear={false} style={{ width: 200 }} data-testid="tax-edit-checked-on" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

type AreaFilter = 'all' | 'edited' | RateRow['area'];
const AREA_FILTERS: AreaFilter[] = ['all', 'edited', 'EU', 'GB', 'AU', 'NZ', 'CA'];

function RateTable({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t, locale } = useT();
  const { run } = useSectionSave(null);
  const [editing, setEditing] = useState<RateRow | null>(null);
  const [area, setArea] = useState<AreaFilter>('all');
  // A phone gets a card per rate: seven columns do not fit 375 px.
  const narrow = Grid.useBreakpoint().md === false;
  const today = todayIso();
  const rows = useMemo(() => rateRows(settings.taxes.rateEdits), [settings.taxes.rateEdits]);
  const shown = rows.filter((r) => area === 'all' || (area === 'edited' ? r.edit !== null : r.area === area));
  const stale = rows.filter((r) => needsRecheck(r.checkedOn, today)).length;
  const revert = async (row: RateRow) => {
    await run({ section: 'taxes', value: { ...settings.taxes, rateEdits: withoutEdit(settings.taxes.rateEdits, row.market, row.tax) } satisfies TaxSection }, undefined, t('adminTax.settings.reverted'));
  };
  const rate = (value: number | null, row: RateRow, kind: 'standard' | 'children') => {
    const text = value === null ? <Typography.Text type="secondary">{t('adminTax.settings.asStandard')}</Typography.Text> : percentText(value, locale);
    const base = kind === 'standard' ? row.defaults.standard : row.defaults.children;
    const changed = row.edit !== null && value !== base;
    return (
      <span data-testid={`tax-rate-${kind}`}>
        {changed ? <Typography.Text strong>{text}</Typography.Text> : text}
        {changed && (
          <Typography.Text type="secondary" className="admin-tax-default">
            {t('adminTax.settings.defaultWas', { rate: base === null ? t('adminTax.settings.asStandard') : percentText(base, locale) })}
          </Typography.Text>
        )}
      </span>
    );
  };
  const market = (row: RateRow) => (
    <Space direction="vertical" size={0}>
      <span>{marketName(row, locale)}</span>
      <Typography.Text type="secondary">{row.market}</Typography.Text>
    </Space>
  );
  const source = (row: RateRow) => (
    <Typography.Text className="admin-tax-source">
      {row.edit && <Tag color="blue">{t('adminTax.settings.edited')}</Tag>}
      {row.source.authority}
      <br />
      <Typography.Text type="secondary">{row.source.document}</Typography.Text>
    </Typography.Text>
  );
  const checked = (row: RateRow) => (
    <Space direction="vertical" size={0} data-testid="tax-rate-checked">
      <span>{row.checkedOn}</span>
      <Typography.Text type="secondary">{ageText(row.checkedOn, today, locale)}</Typography.Text>
      {needsRecheck(row.checkedOn, today) && <Tag color="orange">{t('adminTax.settings.recheck')}</Tag>}
    </Space>
  );
  const actions = (row: RateRow) => (
    <Space wrap size={4}>
      <Button size="small" onClick={() => setEditing(row)} data-testid="tax-rate-edit">
        {t('adminTax.settings.edit')}
      </Button>
      {row.edit && (
        <Popconfirm title={t('adminTax.settings.revertConfirm', { market: row.market, tax: taxName(t, row.tax) })} onConfirm={() => revert(row)} okText={t('adminTax.settings.revert')} cancelText={t('adminTax.settings.cancel')}>
          <Button size="small" type="link" data-testid="tax-rate-revert">
            {t('adminTax.settings.revert')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
  return (
    <Section title={t('adminTax.settings.rateTable')} savedAt={savedAt} testId="settings-tax-rates">
      <Typography.Paragraph type="secondary">{t('adminTax.settings.rateTableHelp')}</Typography.Paragraph>
      {stale > 0 && <Alert type="warning" showIcon className="admin-tax-alert" message={t('adminTax.settings.staleWarning', { count: stale, months: RECHECK_AFTER_MONTHS })} data-testid="tax-rates-stale" />}
      <Radio.Group
        optionType="button"
        size="small"
        value={area}
        onChange={(event) => setArea(event.target.value as AreaFilter)}
        options={AREA_FILTERS.map((a) => ({ value: a, label: t(`adminTax.settings.areas.${a}` as MessageKey) }))}
        className="admin-tax-areas"
        aria-label={t('adminTax.settings.area')}
        data-testid="tax-rate-areas"
      />
      {narrow ? (
        <ul className="admin-tax-cards" data-testid="tax-rate-table">
          {shown.map((row) => (
            <li key={row.key} className="admin-tax-card" data-market={row.market} data-tax={row.tax}>
              <div className="admin-tax-card-head">
                {market(row)}
                <strong>{taxName(t, row.tax)}</strong>
              </div>
              <dl>
                <dt>{t('adminTax.settings.standard')}</dt>
                <dd>{rate(row.standard, row, 'standard')}</dd>
                <dt>{t('adminTax.settings.children')}</dt>
                <dd>{rate(row.children, row, 'children')}</dd>
                <dt>{t('adminTax.settings.checked')}</dt>
                <dd>{checked(row)}</dd>
              </dl>
              {source(row)}
              <div className="admin-tax-card-actions">{actions(row)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <RowsTable<RateRow>
          rowKey="key"
          dataSource={shown}
          width={1000}
          data-testid="tax-rate-table"
          onRow={(row) => ({ 'data-market': row.market, 'data-tax': row.tax }) as never}
          columns={[
            { key: 'market', title: t('adminTax.settings.market'), width: 150, render: (_v, row) => market(row) },
            { key: 'tax', title: t('adminTax.settings.tax'), width: 90, render: (_v, row) => taxName(t, row.tax) },
            { key: 'standard', title: t('adminTax.settings.standard'), width: 100, render: (_v, row) => rate(row.standard, row, 'standard') },
            { key: 'children', title: t('adminTax.settings.children'), width: 110, render: (_v, row) => rate(row.children, row, 'children') },
            { key: 'source', title: t('adminTax.settings.source'), render: (_v, row) => source(row) },
            { key: 'checked', title: t('adminTax.settings.checked'), width: 130, render: (_v, row) => checked(row) },
            { key: 'actions', title: '', width: 120, render: (_v, row) => actions(row) },
          ]}
        />
      )}
      <RateEditDialog row={editing} settings={settings} onClose={() => setEditing(null)} />
    </Section>
  );
}

export function TaxesPanel({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SettingsForm settings={settings} savedAt={savedAt} />
      <RateTable settings={settings} savedAt={savedAt} />
    </Space>
  );
}
