/**
 * Settings -> After sales: the return window (days after delivery within which unprinted items
 * may be asked back), the shopper's own edit window (minutes after payment, before production)
 * and a payment link's life (hours). The rules are the shared schema's (`afterSalesSchema`), so
 * the form refuses what the server would.
 */
import { Form, InputNumber } from 'antd';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import { afterSalesSchema } from '../../../domain/settings.schema.ts';
import { useT } from '../../i18n.tsx';
import { schemaRule } from '../../widgets/schema-rule.ts';
import { SectionForm, useSectionForm } from './section.tsx';

interface AfterSalesForm {
  returnWindowDays: number;
  shopperEditMinutes: number;
  paymentLinkHours: number;
}

const shape = afterSalesSchema.shape;

export function AfterSalesPanel({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const initial: AfterSalesForm = { ...settings.afterSales };
  const section = useSectionForm(initial, settings.afterSales, savedAt);
  const required = { required: true, message: t('adminReturns.settings.required') };
  return (
    <SectionForm<AfterSalesForm>
      section={section}
      title={t('adminReturns.settings.title')}
      testName="after-sales"
      onFinish={(v) => void section.run({ section: 'afterSales', value: { returnWindowDays: v.returnWindowDays, shopperEditMinutes: v.shopperEditMinutes, paymentLinkHours: v.paymentLinkHours } })}
    >
      <Form.Item name="returnWindowDays" label={t('adminReturns.settings.returnWindowDays')} extra={t('adminReturns.settings.returnWindowHelp')} rules={[required, schemaRule(shape.returnWindowDays, t('adminReturns.settings.returnWindowBad', { max: 365 }))]}>
        <InputNumber min={0} max={365} precision={0} style={{ width: 160 }} addonAfter={t('adminReturns.settings.days')} data-testid="after-sales-return-days" />
      </Form.Item>
      <Form.Item name="shopperEditMinutes" label={t('adminReturns.settings.shopperEditMinutes')} extra={t('adminReturns.settings.shopperEditHelp')} rules={[required, schemaRule(shape.shopperEditMinutes, t('adminReturns.settings.shopperEditBad', { max: 7 * 24 * 60 }))]}>
        <InputNumber min={0} max={7 * 24 * 60} precision={0} style={{ width: 160 }} addonAfter={t('adminReturns.settings.minutes')} data-testid="after-sales-edit-minutes" />
      </Form.Item>
      <Form.Item name="paymentLinkHours" label={t('adminReturns.settings.paymentLinkHours')} extra={t('adminReturns.settings.paymentLinkHelp')} rules={[required, schemaRule(shape.paymentLinkHours, t('adminReturns.settings.paymentLinkBad', { max: 30 * 24 }))]}>
        <InputNumber min={1} max={30 * 24} precision={0} style={{ width: 160 }} addonAfter={t('adminReturns.settings.hours')} data-testid="after-sales-link-hours" />
      </Form.Item>
    </SectionForm>
  );
}
