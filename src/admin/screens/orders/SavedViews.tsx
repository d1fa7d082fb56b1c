/**
 * The orders table's saved views (docs/back-office.md "Orders table"): the staff member's own
 * named filters and sort, a menu to open one, and buttons to save the table as it is now, and to
 * rename or delete the view shown. The server keeps them per staff member.
 */
import { App, Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { ORDER_VIEW_NAME_MAX, type OrderView, type SavedOrderView } from '../../../domain/back-office/orders.schema.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { validFields } from '../../widgets/valid-fields.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { useFormWrite } from '../field-errors.ts';

interface SavedViewsProps {
  /** The table's filters and sort now. */
  current: OrderView;
  onOpen: (view: SavedOrderView) => void;
}

/** Two views are the same when their filters and sort are (key order aside). */
function sameView(a: OrderView, b: OrderView): boolean {
  const canonical = (view: OrderView) => JSON.stringify(Object.entries(view).sort(([x], [y]) => x.localeCompare(y)));
  return canonical(a) === canonical(b);
}

export function SavedViews({ current, onOpen }: SavedViewsProps) {
  const { t } = useT();
  const { message } = App.useApp();
  const confirmed = useConfirmedWrite();
  const list = useApiQuery(adminOrdersApi.orderViews);
  const save = useApiMutation(adminOrdersApi.saveOrderView, [adminOrdersApi.orderViews]);
  const rename = useApiMutation(adminOrdersApi.renameOrderView, [adminOrdersApi.orderViews]);
  const remove = useApiMutation(adminOrdersApi.deleteOrderView, [adminOrdersApi.orderViews]);
  const [dialog, setDialog] = useState<'save' | 'rename' | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const write = useFormWrite(form, ['name']);
  const views = list.data ?? [];
  const shown = views.find((view) => sameView(view.view, current));

  const openDialog = (kind: 'save' | 'rename') => {
    form.setFieldsValue({ name: kind === 'rename' ? (shown?.name ?? '') : '' });
    setDialog(kind);
  };

  const onOk = async () => {
    const valid = await validFields(form);
    if (!valid) return;
    const name = valid.name.trim();
    await write(async () => {
      if (dialog === 'rename' && shown) {
        await rename.mutateAsync({ id: shown.id, name });
        void message.success(t('adminOrders.views.renamed'));
      } else {
        await save.mutateAsync({ name, view: current });
        void message.success(t('adminOrders.views.saved', { name }));
      }
      setDialog(null);
    });
  };

  return (
    <div className="admin-order-views" data-testid="order-views">
      <Select<number>
        className="admin-order-views-menu"
        value={shown?.id}
        placeholder={t('adminOrders.views.choose')}
        aria-label={t('adminOrders.views.title')}
        loading={list.isLoading}
        notFoundContent={t('adminOrders.views.none')}
        options={views.map((view) => ({ value: view.id, label: view.name }))}
        onChange={(id) => {
          const view = views.find((v) => v.id === id);
          if (view) onOpen(view);
        }}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid="order-views-menu"
      />
      <Space wrap size={8}>
        <Button onClick={() => openDialog('save')} title={t('adminOrders.views.what')} data-testid="order-views-save">
          {t('adminOrders.views.save')}
        </Button>
        {shown && (
          <>
            <Button onClick={() => openDialog('rename')} data-testid="order-views-rename">
              {t('adminOrders.views.rename')}
            </Button>
            <Button
              danger
              onClick={() =>
                confirmed({ content: t('adminOrders.views.deleteAsk', { name: shown.name }), done: t('adminOrders.views.deleted') }, () => remove.mutateAsync({ id: shown.id }))
              }
              data-testid="order-views-delete"
            >
              {t('adminOrders.views.delete')}
            </Button>
          </>
        )}
      </Space>
      <WriteDialog
        open={dialog !== null}
        title={dialog === 'rename' ? t('adminOrders.views.renameTitle') : t('adminOrders.views.saveTitle')}
        pending={save.isPending || rename.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => void onOk()}
        // Mounted from the start: the name is set before the dialog first opens.
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={() => void onOk()}>
          <Form.Item name="name" label={t('adminOrders.views.name')} rules={[{ required: true, whitespace: true, message: t('adminOrders.views.nameRequired') }]}>
            <Input maxLength={ORDER_VIEW_NAME_MAX} placeholder={t('adminOrders.views.nameHint')} autoComplete="off" data-testid="order-views-name" />
          </Form.Item>
        </Form>
      </WriteDialog>
    </div>
  );
}
