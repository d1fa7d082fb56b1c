/**
 * Coupons (coupon:edit): the list with search and state, the editor (percentage or a fixed amount
 * per currency, minimum, validity, limits, personalised items), the orders that used one, and
 * "expire now". The form checks what it can as it is typed; the server checks everything again
 * and its field errors land on their fields.
 */
import { App, Button, Checkbox, Drawer, Form, Input, InputNumber, Modal, Radio, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { adminCouponsApi } from '../../../domain/api/admin/coupons.ts';
import { COUPON_STATES, type AdminCoupon, type CouponState, type CouponUse } from '../../../domain/coupons.model.ts';
import { couponEditSchema } from '../../../domain/coupons.schema.ts';
import { CURRENCY_CODES, formatMoney } from '../../../domain/money.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { DateTimeRangeField, dateFieldRule } from '../../widgets/DateTimeField.tsx';
import { ChoiceFilter } from '../../widgets/FilterBar.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { ListScreen, PagedTable, useListScreen, usePagedCall } from '../../widgets/paged-table.tsx';
import { ScreenLink } from '../../widgets/ScreenLink.tsx';
import { schemaRule } from '../../widgets/schema-rule.ts';
import { useWrite } from '../../widgets/write.ts';
import { serverIssues } from '../field-errors.ts';
import { emptyCoupon, formFieldOf, formOf, requestOf, type CouponFormValues } from './form.ts';

const STATE_COLOURS: Record<CouponState, string> = { active: 'green', scheduled: 'blue', expired: 'default', 'used-up': 'orange' };

export default function CouponsScreen() {
  const { t, locale } = useT();
  const ask = useConfirmedWrite();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [usageOf, setUsageOf] = useState<AdminCoupon | null>(null);
  useFocusReturn(editing !== null);
  useFocusReturn(usageOf !== null);
  const screen = useListScreen(adminCouponsApi.couponList);
  const expire = useApiMutation(adminCouponsApi.expireCoupon, [adminCouponsApi.couponList]);
  const stateName = (state: CouponState) => t(`adminMarketing.coupons.states.${state}` as MessageKey);
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const value = (coupon: AdminCoupon) =>
    coupon.kind === 'percent' ? `${coupon.percent}%` : CURRENCY_CODES.map((c) => formatMoney(coupon.amounts![c], c, locale)).slice(0, 2).join(' / ') + ' …';

  return (
    <ListScreen
      screen={screen}
      search={{ label: t('adminMarketing.coupons.search'), testId: 'coupon-search', maxLength: 32 }}
      filters={
        <>
          <ChoiceFilter name="state" label={t('adminMarketing.coupons.state')} minWidth={140} options={COUPON_STATES.map((s) => ({ value: s, label: stateName(s) }))} />
        </>
      }
      actions={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="coupon-new">
          {t('adminMarketing.coupons.new')}
        </Button>
      }
      withReset
      rowKey="id"
      scroll={{ x: 1100 }}
      data-testid="coupon-table"
      columns={[
        { key: 'code', title: t('adminMarketing.coupons.code'), dataIndex: 'code', fixed: 'left', render: (code: string) => <Typography.Text strong copyable={{ text: code }}>{code}</Typography.Text> },
        { key: 'state', title: t('adminMarketing.coupons.state'), dataIndex: 'state', render: (state: CouponState) => <Tag color={STATE_COLOURS[state]}>{stateName(state)}</Tag> },
        { key: 'value', title: t('adminMarketing.coupons.value'), render: (_v, coupon) => <span className="admin-nowrap">{value(coupon)}</span> },
        { key: 'minimum', title: t('adminMarketing.coupons.minimum'), dataIndex: 'minSpendEur', render: (eur: number) => (eur ? formatMoney(eur, 'EUR', locale) : t('admin.common.none')) },
        {
          key: 'validity',
          title: t('adminMarketing.coupons.validity'),
          width: 230,
          render: (_v, coupon) => (coupon.startsAt || coupon.endsAt ? `${coupon.startsAt ? when(coupon.startsAt) : '…'} – ${coupon.endsAt ? when(coupon.endsAt) : '…'}` : t('adminMarketing.coupons.always')),
        },
        { key: 'uses', title: t('adminMarketing.coupons.uses'), render: (_v, coupon) => `${coupon.usedCount}${coupon.usageLimit !== null ? ` / ${coupon.usageLimit}` : ''}` },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          // Wide enough for its three buttons on one line: at 375 px the table scrolls instead.
          width: 260,
          render: (_v, coupon) => (
            <Space size={4}>
              <Button size="small" onClick={() => setEditing(coupon)}>
                {t('adminMarketing.coupons.edit')}
              </Button>
              <Button size="small" onClick={() => setUsageOf(coupon)}>
                {t('adminMarketing.coupons.usage')}
              </Button>
              {coupon.state !== 'expired' && (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    ask({ title: t('adminMarketing.coupons.expireTitle'), content: t('adminMarketing.coupons.expireConfirm', { code: coupon.code }), done: t('adminMarketing.coupons.expired') }, () => expire.mutateAsync({ id: coupon.id }))
                  }
                >
                  {t('adminMarketing.coupons.expireNow')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    >
    {editing !== null && <CouponEditor coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    {usageOf && <CouponUsage coupon={usageOf} onClose={() => setUsageOf(null)} />}
    </ListScreen>
  );
}

function CouponEditor({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [form] = Form.useForm<CouponFormValues>();
  const kind = Form.useWatch('kind', form);
  const invalidates = [adminCouponsApi.couponList, adminCouponsApi.coupon];
  const create = useApiMutation(adminCouponsApi.createCoupon, invalidates);
  const update = useApiMutation(adminCouponsApi.updateCoupon, invalidates);
  const saving = create.isPending || update.isPending;

  const save = async (values: CouponFormValues) => {
    const request = requestOf(values);
    await write(
      async () => {
        if (coupon) await update.mutateAsync({ id: coupon.id, coupon: request });
        else await create.mutateAsync(request);
        void message.success(t('adminMarketing.coupons.saved'));
        onClose();
      },
      // The server's field errors go to their fields too.
      (refusal) =>
        form.setFields(
          serverIssues(refusal).flatMap((issue) => {
            const name = formFieldOf(issue.path);
            return name ? [{ name: name as never, errors: [issue.message] }] : [];
          }),
        ),
    );
  };

  const required = (key: MessageKey) => ({ required: true, message: t(key) });
  return (
    <Drawer
      open
      width="min(560px, 100vw)"
      title={coupon ? t('adminMarketing.coupons.editTitle', { code: coupon.code }) : t('adminMarketing.coupons.newTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('admin.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="coupon-save">
            {t('adminMarketing.coupons.save')}
          </Button>
        </Space>
      }
    >
      <Form<CouponFormValues> form={form} layout="vertical" initialValues={coupon ? formOf(coupon, (iso) => dayjs(iso)) : emptyCoupon()} onFinish={save} data-testid="coupon-form">
        <Form.Item
          name="code"
          label={t('adminMarketing.coupons.code')}
          extra={t('adminMarketing.coupons.codeHelp')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[{ ...required('adminMarketing.coupons.errors.code'), whitespace: true }, schemaRule(couponEditSchema.shape.code, t('adminMarketing.coupons.errors.code'))]}
        >
          <Input maxLength={32} data-testid="coupon-code" />
        </Form.Item>
        <Form.Item name="kind" label={t('adminMarketing.coupons.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'percent', label: t('adminMarketing.coupons.kinds.percent') },
              { value: 'fixed', label: t('adminMarketing.coupons.kinds.fixed') },
            ]}
          />
        </Form.Item>
        {kind !== 'fixed' ? (
          <Form.Item name="percent" label={t('adminMarketing.coupons.percent')} rules={[required('adminMarketing.coupons.errors.percent'), schemaRule(couponEditSchema.shape.percent, t('adminMarketing.coupons.errors.percent'))]}>
            <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} data-testid="coupon-percent" />
          </Form.Item>
        ) : (
          <Form.Item label={t('adminMarketing.coupons.amounts')} extra={t('adminMarketing.coupons.amountsHelp')} required>
            <div className="admin-currency-grid">
              {CURRENCY_CODES.map((c) => (
                <Form.Item key={c} name={['amounts', c]} noStyle={false} rules={[required('adminMarketing.coupons.errors.amount'), { type: 'number', min: 0.01, message: t('adminMarketing.coupons.errors.amount') }]}>
                  <InputNumber min={0} precision={2} prefix={c} style={{ width: '100%' }} aria-label={c} data-testid={`coupon-amount-${c}`} />
                </Form.Item>
              ))}
            </div>
          </Form.Item>
        )}
        <Form.Item name="minSpend" label={t('adminMarketing.coupons.minimumEur')} rules={[{ type: 'number', min: 0, message: t('adminMarketing.coupons.errors.minimum') }]}>
          <InputNumber min={0} precision={2} prefix="€" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="validity"
          label={t('adminMarketing.coupons.validity')}
          extra={t('adminMarketing.coupons.validityHelp')}
          rules={[
            dateFieldRule(t),
            {
              validator: async (_rule, value: CouponFormValues['validity']) => {
                if (value?.[0]?.isValid() && value[1]?.isValid() && !value[1].isAfter(value[0])) throw new Error(t('adminMarketing.coupons.errors.validity'));
              },
            },
          ]}
        >
          <DateTimeRangeField allowEmpty={[true, true]} aria-label={t('adminMarketing.coupons.validity')} style={{ width: '100%' }} data-testid="coupon-validity" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="usageLimit" label={t('adminMarketing.coupons.usageLimit')} style={{ flex: 1 }} rules={[schemaRule(couponEditSchema.shape.usageLimit, t('adminMarketing.coupons.errors.limit'))]}>
            <InputNumber min={1} precision={0} placeholder={t('adminMarketing.coupons.unlimited')} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="perCustomerLimit" label={t('adminMarketing.coupons.perCustomerLimit')} style={{ flex: 1, marginInlineStart: 12 }} rules={[schemaRule(couponEditSchema.shape.perCustomerLimit, t('adminMarketing.coupons.errors.limit'))]}>
            <InputNumber min={1} precision={0} placeholder={t('adminMarketing.coupons.unlimited')} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="includesPersonalised" valuePropName="checked" extra={t('adminMarketing.coupons.personalisedHelp')}>
          <Checkbox>{t('adminMarketing.coupons.includesPersonalised')}</Checkbox>
        </Form.Item>
      </Form>
    </Drawer>
  );
}

function CouponUsage({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const { t, locale } = useT();
  const usage = usePagedCall(adminCouponsApi.couponUsage, { id: coupon.id }, 10);
  return (
    <Modal open width={760} title={t('adminMarketing.coupons.usageTitle', { code: coupon.code })} footer={null} onCancel={onClose} data-testid="coupon-usage">
      <PagedTable<CouponUse>
        rowKey="orderNo"
        size="small"
        {...usage}
        scroll={{ x: 640 }}
        empty={t('adminMarketing.coupons.noUses')}
        columns={[
          {
            key: 'orderNo',
            title: t('adminMarketing.coupons.order'),
            dataIndex: 'orderNo',
            render: (orderNo: string) => (
              <ScreenLink to={`/orders/${orderNo}`} onOpen={onClose}>
                <span className="admin-nowrap">{orderNo}</span>
              </ScreenLink>
            ),
          },
          { key: 'placedAt', title: t('adminMarketing.coupons.placedAt'), dataIndex: 'placedAt', render: (at: string) => new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) },
          { key: 'email', title: t('adminMarketing.coupons.email'), dataIndex: 'email' },
          { key: 'status', title: t('adminMarketing.coupons.status'), dataIndex: 'status', render: (status: string) => t(`adminOrders.status.${status}` as MessageKey) },
          { key: 'discount', title: t('adminMarketing.coupons.discount'), render: (_v, use) => formatMoney(use.couponDiscount, use.currency, locale) },
          { key: 'total', title: t('adminMarketing.coupons.total'), render: (_v, use) => formatMoney(use.total, use.currency, locale) },
        ]}
      />
    </Modal>
  );
}
