/**
 * Orders: the server-paginated table with its filters (status, dates, currency, country,
 * personalised, payment) and search; sorting; the CSV export of what the filter shows; row
 * selection with bulk moves and production sheets; saved views. A row opens the order in its own
 * tab. The filters applied, the sort and the page live in the address (filters.ts), so a view can
 * be bookmarked and shared; what is typed but not applied stays in the form.
 */
import { App, Button, Form, Input, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../client/http.ts';
import { ORDER_SORT_FIELDS, PAYMENT_STATES, type AdminOrderRow, type BulkMoveAnswer, type BulkMovePreview } from '../../../domain/back-office/orders.model.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { CURRENCY_CODES } from '../../../domain/money.model.ts';
import { ORDER_STATUSES } from '../../../domain/orders.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { downloadFile } from '../../widgets/download.ts';
import { DateTimeRangeField, dateFieldRule } from '../../widgets/DateTimeField.tsx';
import { FilterBar, YesNoFilter } from '../../widgets/FilterBar.tsx';
import { SelectableTable, useSelectableTable } from '../../widgets/paged-table.tsx';
import { ScreenLink } from '../../widgets/ScreenLink.tsx';
import { useMay } from '../../state/session.ts';
import { INITIAL_TABLE, exportRequest, listRequest, searchOfTable, sheetPath, tableFromSearch, tableOfView, viewOfTable, type OrderFilters } from './filters.ts';
import { SavedViews } from './SavedViews.tsx';
import { useSearchState } from '../../widgets/search-state.ts';
import { BulkPreview } from './BulkPreview.tsx';
import { BulkShipDialog } from './BulkShipDialog.tsx';
import { PrintDocsButtons } from './PrintDocsButtons.tsx';
import { PaymentTag, StatusTag, useDateTime, useMoney, useStatusName } from './labels.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { useWrite } from '../../widgets/write.ts';

interface FormValues extends Omit<OrderFilters, 'from' | 'to'> {
  dates?: [Dayjs | null, Dayjs | null] | null;
}

function toFilters(values: FormValues): OrderFilters {
  const { dates, ...rest } = values;
  return { ...rest, from: dates?.[0]?.format('YYYY-MM-DD'), to: dates?.[1]?.format('YYYY-MM-DD') };
}

/** The form's values for filters applied (from the address or a saved view). */
function toFormValues({ from, to, ...rest }: OrderFilters): FormValues {
  return { ...rest, dates: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null };
}

export default function OrdersScreen() {
  const { t } = useT();
  const { modal, message } = App.useApp();
  const write = useWrite();
  const navigate = useNavigate();
  const may = useMay();
  const money = useMoney();
  const when = useDateTime();
  const statusName = useStatusName();
  const [form] = Form.useForm<FormValues>();
  const [state, setTable, search] = useSearchState(tableFromSearch, searchOfTable);
  const store = [state, setTable] as const;
  const screen = useSelectableTable(adminOrdersApi.orderList, { rowKey: 'orderNo', initial: INITIAL_TABLE, sorts: ORDER_SORT_FIELDS, request: listRequest, store });
  const { table, selected, setSelected, filterBy, sortable } = screen;
  // The address says other filters than the form's (loaded, back or forward, a view opened): the
  // form shows what is applied. Only then: resetting the fields remounts them, which would close a
  // list being opened right after the form's own filters reached the address.
  useEffect(() => {
    const applied = tableFromSearch(search).filters;
    const said = (filters: OrderFilters) => searchOfTable({ ...INITIAL_TABLE, filters });
    if (said(toFilters(form.getFieldsValue())) === said(applied)) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(applied));
  }, [form, search]);
  const [exporting, setExporting] = useState(false);
  const [bulkShipping, setBulkShipping] = useState(false);
  // The bulk-ship dialog leaves the page when it closes: the focus goes back to its button.
  useFocusReturn(bulkShipping);
  // On phones the filters beyond the search fold away until asked for (values stay in the form).
  const bulk = useApiMutation(adminOrdersApi.bulkMove, [adminOrdersApi.orderList, adminOrdersApi.dashboard, adminOrdersApi.order]);

  const onExport = async () => {
    setExporting(true);
    await write(async () => {
      const file = await call(adminOrdersApi.orderExport, exportRequest(table));
      downloadFile(file.fileName, file.csv, 'text/csv;charset=utf-8');
      void message.success(t('adminOrders.list.exported', { rows: file.rows }));
    });
    setExporting(false);
  };

  // Ask the server what the move will do now (states may have changed since the table loaded),
  // show it, and move only the orders shown as moving once confirmed.
  const [previewing, setPreviewing] = useState(false);
  const onBulk = async (to: 'processing' | 'delivered') => {
    setPreviewing(true);
    let preview: BulkMovePreview | undefined;
    await write(async () => {
      preview = await call(adminOrdersApi.bulkMovePreview, { orderNos: selected, to });
    });
    setPreviewing(false);
    if (!preview) return;
    const title = t('adminOrders.bulk.title', { status: statusName(to) });
    if (preview.movable.length === 0) {
      modal.info({ title, content: <BulkPreview preview={preview} />, okText: t('admin.common.ok'), width: 560 });
      return;
    }
    modal.confirm({
      title,
      width: 560,
      content: <BulkPreview preview={preview} />,
      okText: t('adminOrders.bulk.move', { count: preview.movable.length }),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        let answer: BulkMoveAnswer | undefined;
        await write(async () => {
          answer = await bulk.mutateAsync({ orderNos: preview!.movable.map((order) => order.orderNo), to });
        });
        if (!answer) return;
        setSelected(answer.failed.map((f) => f.orderNo));
        const summary = t('adminOrders.list.bulkDone', { moved: answer.moved.length, failed: answer.failed.length });
        if (answer.failed.length === 0) void message.success(summary);
        else
          modal.warning({
            title: summary,
            content: (
              <ul className="admin-bulk-failed" data-testid="bulk-failed">
                {answer.failed.map((f) => (
                  <li key={f.orderNo}>
                    <strong>{f.orderNo}</strong>: {f.msg}
                  </li>
                ))}
              </ul>
            ),
          });
      },
    });
  };

  return (
    <div className="admin-screen admin-orders" data-testid="orders-screen">
      <FilterBar<FormValues>
        form={form}
        foldable={{ more: t('adminOrders.list.moreFilters'), fewer: t('adminOrders.list.fewerFilters') }}
        onApply={(values) => filterBy(toFilters(values))}
        onReset={() => filterBy({})}
        applyLabel={t('adminOrders.list.apply')}
        resetLabel={t('adminOrders.list.reset')}
        applyTestId="orders-apply"
        after={
          <>
            {may(PERMISSIONS.ORDER_CREATE) && (
              <Button type="primary" onClick={() => navigate('/new-order')} data-testid="orders-new">
                {t('adminNewOrder.newOrder')}
              </Button>
            )}
            {may(PERMISSIONS.ORDER_EXPORT) && (
              <Button onClick={() => void onExport()} loading={exporting} data-testid="orders-export">
                {t('adminOrders.list.export')}
              </Button>
            )}
            {may(PERMISSIONS.ORDER_MOVE) && (
              <Button onClick={() => setBulkShipping(true)} data-testid="orders-bulk-ship">
                {t('adminShipments.bulkShip')}
              </Button>
            )}
          </>
        }
        testId="orders-filters"
      >
        <Form.Item name="query" className="admin-filter-query">
          <Input allowClear maxLength={100} placeholder={t('adminOrders.list.search')} aria-label={t('adminOrders.list.search')} data-testid="orders-query" />
        </Form.Item>
        <Form.Item name="status" label={t('adminOrders.list.status')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('adminOrders.list.any')}
            style={{ minWidth: 180 }}
            options={ORDER_STATUSES.map((status) => ({ value: status, label: statusName(status) }))}
            // Typing finds a status by the name shown, in either language, not by its code.
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="orders-status"
          />
        </Form.Item>
        <Form.Item name="dates" label={t('adminOrders.list.dates')} rules={[dateFieldRule(t, false)]}>
          {/* The label is tied to the first date only: both inputs get its name (the placeholders say which end). */}
          <DateTimeRangeField time={false} allowEmpty={[true, true]} aria-label={t('adminOrders.list.dates')} />
        </Form.Item>
        <Form.Item name="currency" label={t('adminOrders.list.currency')}>
          <Select allowClear placeholder={t('adminOrders.list.any')} style={{ width: 100 }} options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))} />
        </Form.Item>
        <Form.Item name="country" label={t('adminOrders.list.country')} rules={[{ pattern: /^[A-Za-z]{2}$/, message: t('adminOrders.list.countryHint') }]}>
          <Input allowClear maxLength={2} placeholder={t('adminOrders.list.countryHint')} style={{ width: 90 }} />
        </Form.Item>
        <YesNoFilter name="personalised" label={t('adminOrders.list.personalised')} any={t('adminOrders.list.any')} yes={t('adminOrders.common.yes')} no={t('adminOrders.common.no')} />
        <Form.Item name="payment" label={t('adminOrders.list.payment')}>
          <Select
            allowClear
            placeholder={t('adminOrders.list.any')}
            style={{ width: 150 }}
            options={PAYMENT_STATES.map((state) => ({ value: state, label: t(`adminOrders.payment.${state}` as MessageKey) }))}
          />
        </Form.Item>
      </FilterBar>

      <SavedViews
        current={viewOfTable(table)}
        onOpen={(saved) => {
          setTable((state) => tableOfView(saved.view, state.size), { push: true });
          setSelected([]);
        }}
      />

      <SelectableTable<AdminOrderRow, string>
        screen={screen}
        open={(row) => navigate(`/orders/${row.orderNo}`)}
        bulk={{
          label: t('adminOrders.list.selected', { count: selected.length }),
          testId: 'orders-bulk',
          actions: (
            <>
              {may(PERMISSIONS.ORDER_MOVE) && (
                <>
                  <Button onClick={() => void onBulk('processing')} loading={bulk.isPending || previewing}>
                    {t('adminOrders.list.toProduction')}
                  </Button>
                  <Button onClick={() => void onBulk('delivered')} loading={bulk.isPending || previewing}>
                    {t('adminOrders.list.toDelivered')}
                  </Button>
                </>
              )}
              {may(PERMISSIONS.ORDER_SHEET) && <Button onClick={() => navigate(sheetPath(selected))}>{t('adminOrders.list.printSheets')}</Button>}
              {may(PERMISSIONS.ORDER_SHEET) && <PrintDocsButtons orderNos={selected} labels={{ slip: 'adminShipments.packingSlips', label: 'adminShipments.labels' }} testIds={{ slip: 'orders-print-slips', label: 'orders-print-labels' }} />}
            </>
          ),
        }}
        data-testid="orders-table"
        columns={[
          {
            ...sortable('orderNo', t('adminOrders.list.orderNo')),
            fixed: 'left',
            render: (orderNo: string) => (
              <ScreenLink to={`/orders/${orderNo}`}>
                <span className="admin-nowrap">{orderNo}</span>
              </ScreenLink>
            ),
          },
          {
            ...sortable('createdAt', t('adminOrders.list.createdAt')),
            render: (at: string) => when(at),
          },
          {
            key: 'customer',
            title: t('adminOrders.list.customer'),
            render: (_value, row) => (
              <div className="admin-two-lines">
                <span>{row.customerName}</span>
                <Typography.Text type="secondary">{row.email}</Typography.Text>
              </div>
            ),
          },
          // Phones keep the columns that tell orders apart; the detail has the rest.
          { key: 'country', dataIndex: 'country', title: t('adminOrders.list.country'), responsive: ['md'] },
          {
            ...sortable('status', t('adminOrders.list.status')),
            render: (_value, row) => <StatusTag status={row.status} />,
          },
          { key: 'payment', title: t('adminOrders.list.payment'), responsive: ['md'], render: (_value, row) => <PaymentTag state={row.paymentState} /> },
          {
            key: 'items',
            title: t('adminOrders.list.items'),
            responsive: ['md'],
            render: (_value, row) => (
              <Space size={4}>
                {row.itemCount}
                {row.personalised && (
                  <Tooltip title={t('adminOrders.list.personalised')}>
                    <span className="admin-badge">{t('adminOrders.list.personalisedShort')}</span>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            ...sortable('total', t('adminOrders.list.total')),
            align: 'right',
            render: (_value, row) => (
              <div className="admin-two-lines is-end">
                <span>{money(row.total, row.currency)}</span>
                {row.currency !== 'EUR' && <Typography.Text type="secondary">{money(row.totalEur, 'EUR')}</Typography.Text>}
              </div>
            ),
          },
        ]}
      />
      <BulkShipDialog open={bulkShipping} onClose={() => setBulkShipping(false)} />
    </div>
  );
}
