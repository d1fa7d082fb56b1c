/**
 * The order detail's "Changes before production" panel (docs/back-office.md "Order changes"): the
 * payment request the order owes, open or its link expired unpaid (its amount, until when, Send a
 * new link, Waive with a reason), the change history (who, when, before and after, what it did to
 * the total), and a dialog that changes a shirt's size or
 * print (type, player, own name and number, lettering, patches, add-ons: widgets/PrintFields.tsx), the
 * address, or the shipping method, with the revision the panel read (another staff member's change
 * meanwhile is refused, and the panel reloads). The dialog first asks the server what the change
 * would cost (`preview`) and shows the new total; confirming sends that very change.
 */
import { Alert, App, Button, Empty, Form, Grid, Input, List, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminAuditApi } from '../../../domain/api/admin/audit.ts';
import { adminOrderChangesApi } from '../../../domain/api/admin/order-changes.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import type { AdminOrderDetail } from '../../../domain/back-office/orders.model.ts';
import type { Size } from '../../../domain/catalogue.model.ts';
import type { RequestOf } from '../../../domain/api/endpoint.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderChangeKind, OrderChangePreview, OrderChangeRecord, OrderChangeSide } from '../../../domain/order-changes.model.ts';
import { SHIPPING_METHODS, type ShippingMethod } from '../../../domain/shipping.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT, type AdminT } from '../../i18n.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { validFields } from '../../widgets/valid-fields.ts';
import { useWrite } from '../../widgets/write.ts';
import { useDateTime, useMoney } from '../orders/labels.tsx';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { PrintFields } from '../../widgets/PrintFields.tsx';
import { SizeSelect } from '../../widgets/SizeSelect.tsx';
import { printRequestOf, printValuesOf, type PrintValues } from '../../widgets/print-values.ts';

interface Values extends PrintValues {
  itemId?: number;
  size?: string;
  method?: ShippingMethod;
  firstName?: string;
  lastName?: string;
  address?: string;
  address2?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  phoneCode?: string;
  phone?: string;
  reason?: string;
}

type StaffChangeBody = RequestOf<typeof adminOrderChangesApi.change>['change'];

/** One side of a change in a line: "M · SMITH 7 · Gold · Patches 2", the address, or "express 9.95". */
function sideText(side: OrderChangeSide, money: (n: number) => string, t: AdminT): string {
  if (side.line) {
    const l = side.line;
    // Extras by count: a patch or add-on added or taken away shows, whatever its name today.
    const extras = [l.patchIds.length ? `${t('adminOrderChanges.patches')} ${l.patchIds.length}` : '', l.addonIds.length ? `${t('adminOrderChanges.addons')} ${l.addonIds.length}` : ''];
    return [l.size, [l.customName, l.customNumber].filter(Boolean).join(' '), Object.values(l.lettering).filter((v) => v !== 'Standard').join('/'), ...extras].filter(Boolean).join(' · ');
  }
  if (side.address) return [side.address.address, side.address.city, side.address.postalCode].filter(Boolean).join(', ');
  if (side.shipping) return `${side.shipping.method} ${money(side.shipping.amount)}`;
  return '';
}

export function OrderChanges({ order, mayEdit }: { order: AdminOrderDetail; mayEdit: boolean }) {
  const { t } = useT();
  const money = useMoney();
  const when = useDateTime();
  const currency = order.amounts.currency;
  const query = useApiQuery(adminOrderChangesApi.changes, { orderNo: order.orderNo }, { silent: true });
  const [open, setOpen] = useState(false);
  const [waiving, setWaiving] = useState(false);
  const view = query.data;
  const request = view?.pendingRequest ?? null;
  const resend = useApiMutation(adminOrderChangesApi.resendPaymentLink, [adminOrderChangesApi.changes, adminOrdersApi.order, adminAuditApi.auditList]);
  const { message } = App.useApp();
  const write = useWrite();
  const sendLink = () =>
    write(async () => {
      await resend.mutateAsync({ orderNo: order.orderNo });
      void message.success(t('adminOrderChanges.request.resent'));
    });
  // Both dialogs leave the page when they close: the focus goes back to the button that opened them.
  useFocusReturn(open);
  useFocusReturn(waiving);
  const m = (n: number) => money(n, currency as CurrencyCode);
  // A phone reads each change as a block rather than a table scrolled sideways.
  const narrow = Grid.useBreakpoint().sm === false;
  const what = (c: OrderChangeRecord) => (
    <span data-testid="order-change-what">
      {t(`adminOrderChanges.kind.${c.kind}` as MessageKey)}: {sideText(c.before, m, t)} → {sideText(c.after, m, t)}
      {c.reason ? <Typography.Text type="secondary"> ({c.reason})</Typography.Text> : null}
    </span>
  );
  const by = (c: OrderChangeRecord) => `${c.byEmail} (${t(`adminOrderChanges.actor.${c.actor}` as MessageKey)})`;
  const delta = (c: OrderChangeRecord) => `${c.totalDelta > 0 ? '+' : ''}${m(c.totalDelta)}`;

  return (
    <div data-testid="order-changes">
      {request && (
        <Alert
          type="warning"
          showIcon
          className="admin-order-alert"
          data-testid="payment-request"
          data-request-status={request.status}
          message={
            <Space wrap>
              {t('adminOrderChanges.request.title')}
              <Tag>{t(`adminOrderChanges.request.status.${request.status}` as MessageKey)}</Tag>
            </Space>
          }
          description={t(request.status === 'expired' ? 'adminOrderChanges.request.bodyExpired' : 'adminOrderChanges.request.body', { amount: m(request.amount), until: when(request.expiresAt) })}
          action={
            mayEdit ? (
              <Space direction="vertical" size="small">
                {/* A new link only while the order waits for it (paid, not in production): the server's rule too. */}
                {view?.changeable && (
                  <Button size="small" onClick={() => void sendLink()} loading={resend.isPending} data-testid="payment-request-resend">
                    {t('adminOrderChanges.request.resend')}
                  </Button>
                )}
                <Button size="small" onClick={() => setWaiving(true)} data-testid="payment-request-waive">
                  {t('adminOrderChanges.request.waive')}
                </Button>
              </Space>
            ) : undefined
          }
        />
      )}
      <Typography.Paragraph type="secondary">{view?.changeable ? t('adminOrderChanges.hint') : t('adminOrderChanges.closed')}</Typography.Paragraph>
      {mayEdit && view?.changeable && (
        <Button onClick={() => setOpen(true)} data-testid="order-change-open">
          {t('adminOrderChanges.change')}
        </Button>
      )}
      <Typography.Title level={5}>{t('adminOrderChanges.history')}</Typography.Title>
      {!view || view.changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminOrderChanges.noChanges')} />
      ) : (
        <div data-testid="order-change-history">
          {narrow ? (
            <List
              size="small"
              dataSource={view.changes}
              renderItem={(c) => (
                <List.Item>
                  <div>
                    <Typography.Text type="secondary">
                      {when(c.at)} · {by(c)} · {delta(c)}
                    </Typography.Text>
                    <div>{what(c)}</div>
                  </div>
                </List.Item>
              )}
            />
          ) : (
            <RowsTable<OrderChangeRecord>
              rowKey="id"
              dataSource={view.changes}
              width={560}
              columns={[
                { key: 'when', title: t('adminOrderChanges.when'), render: (_v, c) => when(c.at) },
                { key: 'by', title: t('adminOrderChanges.by'), render: (_v, c) => by(c) },
                { key: 'what', title: t('adminOrderChanges.what'), render: (_v, c) => what(c) },
                { key: 'delta', title: t('adminOrderChanges.delta'), align: 'right', render: (_v, c) => delta(c) },
              ]}
            />
          )}
        </div>
      )}
      {view && <ChangeDialog order={order} revision={view.revision} open={open} onClose={() => setOpen(false)} />}
      {request && <WaiveDialog orderNo={order.orderNo} amount={m(request.amount)} open={waiving} onClose={() => setWaiving(false)} />}
    </div>
  );
}

function ChangeDialog({ order, revision, open, onClose }: { order: AdminOrderDetail; revision: number; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const money = useMoney();
  const write = useWrite();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<OrderChangeKind>('line');
  // The server's answer for exactly the change now in the form; any edit drops it, so what is confirmed is what was priced.
  const [checked, setChecked] = useState<{ key: string; preview: OrderChangePreview } | null>(null);
  const previewing = useApiMutation(adminOrderChangesApi.preview);
  const change = useApiMutation(adminOrderChangesApi.change, [adminOrderChangesApi.changes, adminOrdersApi.order, adminOrdersApi.orderList, adminAuditApi.auditList]);
  const itemId = Form.useWatch('itemId', form);
  const line = order.lines.find((l) => l.id === itemId) ?? order.lines[0];
  const a = order.shippingAddress;
  const initial: Values = {
    itemId: line?.id,
    size: line?.size,
    ...(line ? printValuesOf(line) : {}),
    method: order.shippingMethod as ShippingMethod,
    firstName: a.firstName,
    lastName: a.lastName,
    address: a.address,
    address2: a.address2,
    city: a.city,
    province: a.province,
    postalCode: a.postalCode,
    phoneCode: a.phoneCode,
    phone: a.phone,
  };

  const bodyOf = (v: Values): StaffChangeBody => {
    if (kind === 'line') {
      const chosen = order.lines.find((l) => l.id === v.itemId)!;
      const print = printRequestOf(v);
      // The print is sent only when it differs from the line's: a size alone changes nothing else.
      const printChanged = JSON.stringify(print) !== JSON.stringify(printRequestOf(printValuesOf(chosen)));
      return { kind: 'line', itemId: chosen.id, ...(v.size && v.size !== chosen.size ? { size: v.size as Size } : {}), ...(printChanged ? { print } : {}) };
    }
    if (kind === 'address') {
      return {
        kind: 'address',
        address: { firstName: v.firstName ?? '', lastName: v.lastName ?? '', company: a.company ?? '', address: v.address ?? '', address2: v.address2 ?? '', country: a.country, province: v.province ?? '', postalCode: v.postalCode ?? '', phoneCode: v.phoneCode ?? '', city: v.city ?? '', phone: v.phone ?? '' },
      };
    }
    return { kind: 'shipping', method: v.method! };
  };

  const submit = async () => {
    const v = await validFields(form);
    if (!v) return;
    const body = bodyOf(v);
    const key = JSON.stringify(body);
    if (!checked || checked.key !== key) {
      await write(async () => setChecked({ key, preview: await previewing.mutateAsync({ orderNo: order.orderNo, revision, change: body }) }));
      return;
    }
    await write(async () => {
      const answer = await change.mutateAsync({ orderNo: order.orderNo, revision, change: body, ...(v.reason ? { reason: v.reason } : {}) });
      const m = (n: number) => money(n, answer.currency as CurrencyCode);
      const notes = [t('adminOrderChanges.saved', { total: m(answer.total) })];
      if (answer.refund) notes.push(t(answer.refund.failed ? 'adminOrderChanges.refundFailed' : 'adminOrderChanges.refunded', { amount: m(answer.refund.amount) }));
      if (answer.request) notes.push(t('adminOrderChanges.requested', { amount: m(answer.request.amount) }));
      void message.success(notes.join(' '));
      onClose();
    });
  };

  const chooseLine = (id: number) => {
    const next = order.lines.find((l) => l.id === id);
    if (next) form.setFieldsValue({ size: next.size, ...printValuesOf(next) });
  };
  const chooseKind = (next: OrderChangeKind) => {
    setKind(next);
    setChecked(null);
  };
  const p = checked?.preview;
  const pm = (n: number) => money(n, (p?.currency ?? order.amounts.currency) as CurrencyCode);
  return (
    <WriteDialog
      open={open}
      title={t('adminOrderChanges.dialogTitle', { orderNo: order.orderNo })}
      okText={checked ? t('adminOrderChanges.confirm') : t('adminOrderChanges.review')}
      onOk={() => void submit()}
      pending={change.isPending || previewing.isPending}
      onCancel={onClose}
      destroyOnHidden
      data-testid="order-change-dialog"
    >
      <Segmented<OrderChangeKind>
        block
        value={kind}
        onChange={chooseKind}
        options={(['line', 'address', 'shipping'] as const).map((k) => ({ value: k, label: t(`adminOrderChanges.kind.${k}` as MessageKey) }))}
        data-testid="order-change-kind"
      />
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} style={{ marginTop: 16 }} onValuesChange={() => setChecked(null)}>
        {kind === 'line' && line && (
          <>
            <Form.Item name="itemId" label={t('adminOrderChanges.line')}>
              <Select onChange={chooseLine} options={order.lines.map((l) => ({ value: l.id, label: `${l.name} · ${l.size}${l.customName ? ` · ${l.customName} ${l.customNumber ?? ''}` : ''}` }))} data-testid="order-change-line" />
            </Form.Item>
            <Form.Item name="size" label={t('adminOrderChanges.size')}>
              <SizeSelect productId={line?.productId} testId="order-change-size" />
            </Form.Item>
            <PrintFields key={line.id} productId={line.productId} keepType={line.customType} />
          </>
        )}
        {kind === 'address' && (
          <>
            {(['firstName', 'lastName', 'address', 'address2', 'city', 'province', 'postalCode', 'phoneCode', 'phone'] as const).map((field) => (
              <Form.Item key={field} name={field} label={t(`adminOrderChanges.field.${field}` as MessageKey)}>
                <Input data-testid={`order-change-${field}`} />
              </Form.Item>
            ))}
          </>
        )}
        {kind === 'shipping' && (
          <Form.Item name="method" label={t('adminOrderChanges.method')}>
            <Select options={SHIPPING_METHODS.map((s) => ({ value: s, label: t(`adminOrders.shippingMethod.${s}` as MessageKey) }))} data-testid="order-change-method" />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('adminOrderChanges.reason')}>
          <Input maxLength={300} data-testid="order-change-reason" />
        </Form.Item>
      </Form>
      {p && (
        <Alert
          role="status"
          type={p.owed > 0 || p.refund > 0 ? 'warning' : 'info'}
          showIcon
          data-testid="order-change-preview"
          data-owed={p.owed}
          data-refund={p.refund}
          message={t('adminOrderChanges.preview.title', { total: pm(p.total), delta: `${p.totalDelta > 0 ? '+' : ''}${pm(p.totalDelta)}` })}
          description={
            <>
              <div>{p.owed > 0 ? t('adminOrderChanges.preview.owed', { amount: pm(p.owed) }) : p.refund > 0 ? t('adminOrderChanges.preview.refund', { amount: pm(p.refund) }) : t('adminOrderChanges.preview.even')}</div>
              <Typography.Text type="secondary">{t('adminOrderChanges.preview.stale')}</Typography.Text>
            </>
          }
        />
      )}
    </WriteDialog>
  );
}

function WaiveDialog({ orderNo, amount, open, onClose }: { orderNo: string; amount: string; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [reason, setReason] = useState('');
  const waive = useApiMutation(adminOrderChangesApi.waivePayment, [adminOrderChangesApi.changes, adminOrdersApi.order, adminOrdersApi.orderList, adminAuditApi.auditList]);
  const submit = () =>
    write(async () => {
      await waive.mutateAsync({ orderNo, reason: reason.trim() });
      void message.success(t('adminOrderChanges.request.waived'));
      setReason('');
      onClose();
    });
  return (
    <WriteDialog open={open} title={t('adminOrderChanges.request.waiveTitle', { amount })} okText={t('adminOrderChanges.request.waiveOk')} okButtonProps={{ disabled: reason.trim().length < 3, danger: true }} onOk={() => void submit()} pending={waive.isPending} onCancel={onClose} data-testid="waive-dialog">
      <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} placeholder={t('adminOrderChanges.request.waiveReason')} aria-label={t('adminOrderChanges.request.waiveReason')} data-testid="waive-reason" />
    </WriteDialog>
  );
}
