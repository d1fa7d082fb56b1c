/**
 * A shirt's print as staff choose it inside an antd form: type, squad player, own name and number,
 * lettering, patches and add-ons, with the configurator's rules (domain/personalisation.ts: the
 * types the product offers, the name and number's normalisers; the values and their request in
 * print-values.ts). One editor for the order change dialog (order-detail/OrderChanges.tsx) and the
 * New order screen's lines (new-order/NewOrderScreen.tsx, inside its Form.List). What the product
 * offers is the catalogue's own answer (its detail, patches and add-ons); the server checks and
 * prices the print again.
 */
import { Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { catalogueApi } from '../../domain/api/catalogue.ts';
import { CUSTOM_TYPES, LETTERING_PARTS, PREMIUM_OPTIONS, isPrinted, normaliseCustomName, normaliseCustomNumber, offeredTypes, upperAscii, type CustomType } from '../../domain/personalisation.ts';
import type { MessageKey } from '../../i18n/core.ts';
import { useApiQuery } from '../api.ts';
import { useT } from '../i18n.tsx';
import type { PrintValues } from './print-values.ts';

/** The editor's parts, each with its own test id. */
export type PrintPart = 'type' | 'player' | 'name' | 'number' | 'name-lettering' | 'number-lettering' | 'patches' | 'addons';
type NamePart = string | number;

export interface PrintFieldsProps {
  /** The product whose print it is; null or absent: none chosen yet (only the types every product offers). */
  productId: number | null | undefined;
  /** A type kept choosable whatever the catalogue offers now (an ordered line's own, so an unchanged line never reads as a change). */
  keepType?: CustomType;
  /** The fields' names below the form (or the Form.List's item: `[field.name]`); none: the form's own top level. */
  name?: readonly NamePart[];
  /** The same place from the form's root, to watch the type (`['lines', field.name]` inside a Form.List); defaults to `name`. */
  path?: readonly NamePart[];
  /** Each part's test id; defaults to `order-change-<part>`. */
  testId?: (part: PrintPart) => string;
}

const orderChangeIds = (part: PrintPart) => `order-change-${part}`;

/** The print's fields for a product; the values are PrintValues under `name`. */
export function PrintFields({ productId, keepType, name = [], path = name, testId = orderChangeIds }: PrintFieldsProps) {
  const { t } = useT();
  const form = Form.useFormInstance<PrintValues>();
  const type: CustomType = Form.useWatch([...path, 'customType'], form) ?? keepType ?? CUSTOM_TYPES.BLANK;
  const id = productId ?? 0;
  const known = id > 0;
  const detail = useApiQuery(catalogueApi.productDetail, { id }, { enabled: known, silent: true });
  const patches = useApiQuery(catalogueApi.patchList, { productId: id }, { enabled: known, silent: true });
  const addons = useApiQuery(catalogueApi.addonList, { productId: id }, { enabled: known, silent: true });
  const squad = (known && detail.data?.squad) || [];
  const types = offeredTypes({ printable: (known && detail.data?.printable) || false, squad });
  if (keepType !== undefined && !types.includes(keepType)) types.push(keepType);
  const patchOptions = known ? (patches.data?.records ?? []).map((p) => ({ value: p.id, label: p.patchName })) : [];
  const addonOptions = known ? (addons.data?.records ?? []).map((a) => ({ value: a.id, label: a.name })) : [];
  const styles = PREMIUM_OPTIONS.map((o) => ({ value: o, label: t(`adminOrderChanges.style.${o}` as MessageKey) }));
  const printed = isPrinted(type);
  const at = (field: string) => [...name, field];

  return (
    <>
      <Form.Item name={at('customType')} label={t('adminOrderChanges.printType')}>
        <Select options={types.map((v) => ({ value: v, label: t(`adminOrders.customType.${v}` as MessageKey) }))} data-testid={testId('type')} />
      </Form.Item>
      {type === CUSTOM_TYPES.CHOOSE_PLAYER && (
        <Form.Item name={at('playerId')} label={t('adminOrderChanges.player')} rules={[{ required: true, message: t('adminOrderChanges.playerRequired') }]}>
          <Select
            placeholder={t('adminOrderChanges.playerChoose')}
            showSearch
            optionFilterProp="label"
            options={squad.map((p) => ({ value: p.id, label: t('adminOrderChanges.playerOption', { number: p.number, name: p.name }) }))}
            data-testid={testId('player')}
          />
        </Form.Item>
      )}
      {type === CUSTOM_TYPES.ADD_YOURS && (
        <>
          <Form.Item
            name={at('customName')}
            label={t('adminOrderChanges.name')}
            normalize={upperAscii}
            rules={[{ validator: async (_r, v: string | undefined) => (normaliseCustomName(v ?? '') === null ? Promise.reject(new Error(t('adminOrderChanges.nameInvalid'))) : undefined) }]}
          >
            <Input maxLength={15} data-testid={testId('name')} />
          </Form.Item>
          <Form.Item
            name={at('customNumber')}
            label={t('adminOrderChanges.number')}
            rules={[{ validator: async (_r, v: string | undefined) => (normaliseCustomNumber(v ?? '') === null ? Promise.reject(new Error(t('adminOrderChanges.numberInvalid'))) : undefined) }]}
          >
            <Input maxLength={2} inputMode="numeric" data-testid={testId('number')} />
          </Form.Item>
        </>
      )}
      {printed && (
        <Space wrap>
          {LETTERING_PARTS.map(({ part, field }) => (
            <Form.Item key={field} name={at(field)} label={t(part === 'name' ? 'adminOrderChanges.nameLettering' : 'adminOrderChanges.numberLettering')}>
              <Select options={styles} style={{ minWidth: 120 }} data-testid={testId(`${part}-lettering`)} />
            </Form.Item>
          ))}
        </Space>
      )}
      <Extras name={at('patchIds')} label={t('adminOrderChanges.patches')} options={patchOptions} testId={testId('patches')} />
      <Extras name={at('addonIds')} label={t('adminOrderChanges.addons')} options={addonOptions} testId={testId('addons')} />
    </>
  );
}

/** Patches or add-ons as a group of checkboxes (a fieldset named by its legend), or a line saying none are offered. */
function Extras({ name, label, options, testId }: { name: NamePart[]; label: string; options: { value: number; label: string }[]; testId: string }) {
  const { t } = useT();
  return (
    <fieldset className="admin-fieldset" data-testid={testId}>
      <legend className="ant-form-item-label">{label}</legend>
      {options.length === 0 ? (
        <Typography.Text type="secondary">{t('adminOrderChanges.extrasNone')}</Typography.Text>
      ) : (
        <Form.Item name={name} noStyle>
          <Checkbox.Group options={options} />
        </Form.Item>
      )}
    </fieldset>
  );
}
