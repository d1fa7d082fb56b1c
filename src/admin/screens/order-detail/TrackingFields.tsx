/**
 * A parcel's carrier, tracking number and tracking page, with the move's rules (the shipping move,
 * a parcel of part of the order, a parcel's correction): one set of fields for every dialog.
 */
import { AutoComplete, Form, Input } from 'antd';
import { CARRIERS } from '../../../domain/carriers.ts';
import { adminMoveRequestSchema } from '../../../domain/orders.schema.ts';
import { useT } from '../../i18n.tsx';
import { schemaRule } from '../../widgets/schema-rule.ts';

const carrierOptions = CARRIERS.map((c) => ({ value: c.name }));

export function TrackingFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useT();
  return (
    <>
      <Form.Item name="carrier" label={t('adminOrders.move.carrier')} rules={[{ required: true, whitespace: true, message: t('adminOrders.move.required') }]} className="admin-parcel-carrier">
        <AutoComplete options={carrierOptions} filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())} maxLength={60} data-testid={`${testIdPrefix}-carrier`} />
      </Form.Item>
      <Form.Item
        name="trackingNumber"
        label={t('adminOrders.move.trackingNumber')}
        extra={t('adminOrders.move.trackingHint')}
        rules={[{ required: true, whitespace: true, message: t('adminOrders.move.required') }, schemaRule(adminMoveRequestSchema.shape.trackingNumber, t('adminOrders.move.trackingHint'))]}
      >
        <Input maxLength={40} data-testid={`${testIdPrefix}-tracking`} />
      </Form.Item>
      <Form.Item name="trackingUrl" label={t('adminOrders.move.trackingUrl')} extra={t('adminOrders.move.trackingUrlHint')} rules={[schemaRule(adminMoveRequestSchema.shape.trackingUrl, t('adminOrders.move.trackingUrlHint'))]}>
        <Input maxLength={500} inputMode="url" />
      </Form.Item>
    </>
  );
}
