/**
 * A shirt's print as staff choose it inside an antd form (the order change dialog): type, squad
 * player, own name and number, lettering, patches and add-ons, with the configurator's rules
 * (domain/personalisation.ts: the types the product offers, the name and number's normalisers,
 * printToRequest). What the product offers is the catalogue's own answer (its detail, patches and
 * add-ons); the server checks and prices the print again.
 */
import { Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { catalogueApi } from '../../../domain/api/catalogue.ts';
import type { OrderLineRecord } from '../../../domain/orders.model.ts';
import {
  CUSTOM_TYPES,
  LETTERING_PARTS,
  PREMIUM_OPTIONS,
  isPrinted,
  letteringFrom,
  normaliseCustomName,
  normaliseCustomNumber,
  offeredTypes,
  printToRequest,
  upperAscii,
  type CustomType,
  type Lettering,
} from '../../../domain/personalisation.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';

/** The print's form values (field names as the form holds them). */
export interface PrintValues extends Partial<Lettering> {
  customType?: CustomType;
  playerId?: number | null;
  customName?: string;
  customNumber?: string;
  patchIds?: number[];
  addonIds?: number[];
}

/** The form's values for a line as it was ordered. */
export function printValuesOf(line: OrderLineRecord): PrintValues {
  return {
    customType: line.customType,
    playerId: line.squadList,
    // A chosen player's name is the squad's: only an own print's text is the line's to edit.
    customName: line.customType === CUSTOM_TYPES.ADD_YOURS ? (line.customName ?? '') : '',
    customNumber: line.customType === CUSTOM_TYPES.ADD_YOURS ? (line.customNumber ?? '') : '',
    ...letteringFrom((field) => line[field]),
    patchIds: line.patches.map((p) => p.id),
    addonIds: line.addonItems.map((a) => a.id),
  };
}

/** The print's request fields (only what its type prints, as the configurator sends a cart line). */
export function printRequestOf(values: PrintValues) {
  return printToRequest({
    customType: values.customType ?? CUSTOM_TYPES.BLANK,
    playerId: values.playerId ?? null,
    customName: normaliseCustomName(values.customName ?? ''),
    customNumber: normaliseCustomNumber(values.customNumber ?? ''),
    ...letteringFrom((field) => values[field] ?? 'Standard'),
    patchIds: [...(values.patchIds ?? [])].sort((a, b) => a - b),
    addonIds: [...(values.addonIds ?? [])].sort((a, b) => a - b),
  });
}

/** The print's fields for `line`'s product; `line` also keeps what the catalogue no longer offers choosable. */
export function PrintFields({ line }: { line: OrderLineRecord }) {
  const { t } = useT();
  const form = Form.useFormInstance<PrintValues>();
  const type = Form.useWatch('customType', form) ?? line.customType;
  const productId = line.productId ?? 0;
  const known = line.productId !== null;
  const detail = useApiQuery(catalogueApi.productDetail, { id: productId }, { enabled: known, silent: true });
  const patches = useApiQuery(catalogueApi.patchList, { productId }, { enabled: known, silent: true });
  const addons = useApiQuery(catalogueApi.addonList, { productId }, { enabled: known, silent: true });
  const squad = detail.data?.squad ?? [];
  const types = offeredTypes({ printable: detail.data?.printable ?? false, squad });
  // The line's own type stays choosable, so an unchanged line never reads as a change.
  if (!types.includes(line.customType)) types.push(line.customType);
  const patchOptions = (patches.data?.records ?? []).map((p) => ({ value: p.id, label: p.patchName }));
  const addonOptions = (addons.data?.records ?? []).map((a) => ({ value: a.id, label: a.name }));
  const styles = PREMIUM_OPTIONS.map((o) => ({ value: o, label: t(`adminOrderChanges.style.${o}` as MessageKey) }));
  const printed = isPrinted(type);

  return (
    <>
      <Form.Item name="customType" label={t('adminOrderChanges.printType')}>
        <Select options={types.map((v) => ({ value: v, label: t(`adminOrders.customType.${v}` as MessageKey) }))} data-testid="order-change-type" />
      </Form.Item>
      {type === CUSTOM_TYPES.CHOOSE_PLAYER && (
        <Form.Item name="playerId" label={t('adminOrderChanges.player')} rules={[{ required: true, message: t('adminOrderChanges.playerRequired') }]}>
          <Select
            placeholder={t('adminOrderChanges.playerChoose')}
            showSearch
            optionFilterProp="label"
            options={squad.map((p) => ({ value: p.id, label: t('adminOrderChanges.playerOption', { number: p.number, name: p.name }) }))}
            data-testid="order-change-player"
          />
        </Form.Item>
      )}
      {type === CUSTOM_TYPES.ADD_YOURS && (
        <>
          <Form.Item
            name="customName"
            label={t('adminOrderChanges.name')}
            normalize={upperAscii}
            rules={[{ validator: async (_r, v: string | undefined) => (normaliseCustomName(v ?? '') === null ? Promise.reject(new Error(t('adminOrderChanges.nameInvalid'))) : undefined) }]}
          >
            <Input maxLength={15} data-testid="order-change-name" />
          </Form.Item>
          <Form.Item
            name="customNumber"
            label={t('adminOrderChanges.number')}
            rules={[{ validator: async (_r, v: string | undefined) => (normaliseCustomNumber(v ?? '') === null ? Promise.reject(new Error(t('adminOrderChanges.numberInvalid'))) : undefined) }]}
          >
            <Input maxLength={2} inputMode="numeric" data-testid="order-change-number" />
          </Form.Item>
        </>
      )}
      {printed && (
        <Space wrap>
          {LETTERING_PARTS.map(({ part, field }) => (
            <Form.Item key={field} name={field} label={t(part === 'name' ? 'adminOrderChanges.nameLettering' : 'adminOrderChanges.numberLettering')}>
              <Select options={styles} style={{ minWidth: 120 }} data-testid={`order-change-${part}-lettering`} />
            </Form.Item>
          ))}
        </Space>
      )}
      <Extras name="patchIds" label={t('adminOrderChanges.patches')} options={patchOptions} testId="order-change-patches" />
      <Extras name="addonIds" label={t('adminOrderChanges.addons')} options={addonOptions} testId="order-change-addons" />
    </>
  );
}

/** Patches or add-ons as a group of checkboxes (a fieldset named by its legend), or a line saying none are offered. */
function Extras({ name, label, options, testId }: { name: 'patchIds' | 'addonIds'; label: string; options: { value: number; label: string }[]; testId: string }) {
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
