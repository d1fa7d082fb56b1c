/**
 * Products: the server-paginated table (published or not) with the storefront's typo-tolerant
 * search and filters (sport, league, team, published, stock state); row selection with bulk price
 * and stock changes; the stock CSV export of what the filter shows and its import, whose refusal
 * lists every wrong line; the catalogue file's export and import with its dry run (CatalogueFile.tsx). Create, duplicate, publish and unpublish from here; a row opens the editor.
 */
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Tag, Tooltip, Typography, Upload, type FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, mediaUrl } from '../../../client/http.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { SIZES, type Size } from '../../../domain/catalogue.model.ts';
import { formatMoney } from '../../../domain/money.model.ts';
import { PRODUCT_ADMIN_SORTS, STOCK_STATES, type AdminProductRow, type StockCsvProblem, type StockState } from '../../../domain/back-office/products.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { FilterBar, YesNoFilter } from '../../widgets/FilterBar.tsx';
import { downloadFile } from '../../widgets/download.ts';
import { SelectableTable, useSelectableTable } from '../../widgets/paged-table.tsx';
import { ScreenLink } from '../../widgets/ScreenLink.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { useMay } from '../../state/session.ts';
import { INITIAL_PRODUCT_TABLE, filterRequest, listRequest, toCents, type ProductFilters } from './table-state.ts';
import './products.css';
import { useWrite } from '../../widgets/write.ts';
import { ExportCatalogueButton, ImportCatalogueButton } from './CatalogueFile.tsx';
import { WriteDialog, type WriteDialogProps } from '../../widgets/WriteDialog.tsx';
import { csvTextOf } from '../../widgets/file-bodies.ts';

const STOCK_COLOURS: Record<StockState, string> = { in: 'green', low: 'gold', out: 'red' };

export function StockTag({ state }: { state: StockState }) {
  const { t } = useT();
  return (
    <Tag color={STOCK_COLOURS[state]} data-stock={state}>
      {t(`adminProducts.state.${state}` as MessageKey)}
    </Tag>
  );
}

/**
 * Asks before a write that leaves a published product in no listing (publishing one, or saving a
 * published one without a navigation entry); resolves whether to go on.
 */
export function useAskUnlisted(): (write: 'publish' | 'save') => Promise<boolean> {
  const { t } = useT();
  const { modal } = App.useApp();
  return (write) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t(write === 'publish' ? 'adminProducts.editor.unlistedTitle' : 'adminProducts.editor.unlistedSaveTitle'),
        content: t('adminProducts.editor.unlistedBody'),
        okText: t(write === 'publish' ? 'adminProducts.editor.publishAnyway' : 'adminProducts.editor.saveAnyway'),
        cancelText: t('admin.common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}

/** Shown for a product under no navigation entry: no category page lists it. */
export function ListedTag({ listed }: { listed: boolean }) {
  const { t } = useT();
  return listed ? null : (
    <Tag color="orange" data-listed={listed}>
      {t('adminProducts.state.unlisted')}
    </Tag>
  );
}

export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useT();
  return (
    <Tag color={published ? 'blue' : 'default'} data-published={published}>
      {t(published ? 'adminProducts.state.published' : 'adminProducts.state.draft')}
    </Tag>
  );
}

interface BulkPriceValues {
  mode: 'set' | 'add' | 'percent';
  value: number;
}
interface BulkStockValues {
  size: Size | 'all';
  stock: number;
}

/** A bulk change's dialog (price, stock): its form, for the products chosen. */
function BulkDialog<V extends object>({ form, initialValues, children, ...dialog }: WriteDialogProps & { form: FormInstance<V>; initialValues: Partial<V> }) {
  return (
    <WriteDialog destroyOnHidden {...dialog}>
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
      </Form>
    </WriteDialog>
  );
}

export default function ProductsScreen() {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const askUnlisted = useAskUnlisted();
  const navigate = useNavigate();
  const may = useMay();
  const [form] = Form.useForm<ProductFilters>();
  const [priceForm] = Form.useForm<BulkPriceValues>();
  const [stockForm] = Form.useForm<BulkStockValues>();
  const screen = useSelectableTable(adminProductsApi.list, { rowKey: 'id', initial: INITIAL_PRODUCT_TABLE, sorts: PRODUCT_ADMIN_SORTS, request: listRequest });
  const { table, selected, filterBy, sortable } = screen;
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [dialog, setDialog] = useState<'price' | 'stock' | null>(null);
  const [problems, setProblems] = useState<StockCsvProblem[] | null>(null);
  const options = useApiQuery(adminProductsApi.options, {});
  const touched = [adminProductsApi.list, adminProductsApi.get];
  const publish = useApiMutation(adminProductsApi.publish, touched);
  const duplicate = useApiMutation(adminProductsApi.duplicate, touched);
  const bulkPrice = useApiMutation(adminProductsApi.bulkPrice, touched);
  const bulkStock = useApiMutation(adminProductsApi.bulkStock, touched);
  const importStock = useApiMutation(adminProductsApi.stockImport, touched);
  const money = (cents: number) => formatMoney(cents, 'EUR', locale);

  const onExport = async () => {
    setBusy('export');
    await write(async () => {
      const file = await call(adminProductsApi.stockExport, filterRequest(table.filters));
      downloadFile(file.fileName, file.csv, 'text/csv;charset=utf-8');
      void message.success(t('adminProducts.list.exported', { rows: file.rows }));
    });
    setBusy(null);
  };

  const onImport = async (file: File) => {
    setBusy('import');
    await write(
      async () => {
        const answer = await importStock.mutateAsync({ csv: await csvTextOf(file) });
        setProblems(null);
        void message.success(t('adminProducts.list.imported', { updated: answer.updated }));
      },
      (refusal) => {
        const lines = (refusal.data as { lines?: StockCsvProblem[] } | null)?.lines;
        if (lines) setProblems(lines);
      },
    );
    setBusy(null);
  };

  const onPublish = async (row: AdminProductRow) => {
    // As the editor does: publishing a product no category lists asks first.
    if (!row.published && !row.listed && !(await askUnlisted('publish'))) return;
    await write(async () => {
      await publish.mutateAsync({ id: row.id, published: !row.published });
      void message.success(t(row.published ? 'adminProducts.list.unpublishedDone' : 'adminProducts.list.publishedDone'));
    });
  };

  const onDuplicate = async (row: AdminProductRow) => {
    await write(async () => {
      const copy = await duplicate.mutateAsync({ id: row.id });
      void message.success(t('adminProducts.list.duplicated', { id: copy.id }));
      navigate(`/products/${copy.id}`);
    });
  };

  const onBulkPrice = async () => {
    const values = await validFields(priceForm);
    if (!values) return;
    const value = values.mode === 'percent' ? Math.round(values.value) : toCents(values.value);
    // A refusal leaves the dialog open for another try.
    await write(async () => {
      const answer = await bulkPrice.mutateAsync({ ids: selected, mode: values.mode, value });
      void message.success(t('adminProducts.list.bulkDone', { updated: answer.updated }));
      setDialog(null);
    });
  };

  const onBulkStock = async () => {
    const values = await validFields(stockForm);
    if (!values) return;
    await write(async () => {
      const answer = await bulkStock.mutateAsync({ ids: selected, size: values.size === 'all' ? null : values.size, stock: values.stock });
      void message.success(t('adminProducts.list.bulkDone', { updated: answer.updated }));
      setDialog(null);
    });
  };

  const any = t('adminProducts.list.any');

  return (
    <div className="admin-screen admin-products" data-testid="products-screen">
      <FilterBar<ProductFilters>
        form={form}
        foldable={{ more: t('adminProducts.list.moreFilters'), fewer: t('adminProducts.list.fewerFilters') }}
        onApply={filterBy}
        onReset={() => filterBy({})}
        applyLabel={t('adminProducts.list.apply')}
        resetLabel={t('adminProducts.list.reset')}
        applyTestId="products-apply"
        testId="products-filters"
      >
        <Form.Item name="query" className="admin-filter-query">
          <Input allowClear maxLength={200} placeholder={t('adminProducts.list.search')} aria-label={t('adminProducts.list.search')} data-testid="products-query" />
        </Form.Item>
        <Form.Item name="sport" label={t('adminProducts.list.sport')}>
          <Select allowClear placeholder={any} style={{ width: 140 }} options={(options.data?.sports ?? []).map((sport) => ({ value: sport, label: options.data?.navTags.find((n) => n.tag === sport)?.name ?? sport }))} />
        </Form.Item>
        <Form.Item name="league" label={t('adminProducts.list.league')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={any} style={{ width: 180 }} options={(options.data?.leagues ?? []).map((l) => ({ value: l.tag, label: l.name }))} />
        </Form.Item>
        <Form.Item name="teamId" label={t('adminProducts.list.team')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={any} style={{ width: 200 }} options={(options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))} />
        </Form.Item>
        <YesNoFilter name="published" label={t('adminProducts.list.published')} any={any} yes={t('adminProducts.state.yes')} no={t('adminProducts.state.no')} testId="products-published" />
        <Form.Item name="stock" label={t('adminProducts.list.stock')}>
          <Select allowClear placeholder={any} style={{ width: 130 }} options={STOCK_STATES.map((state) => ({ value: state, label: t(`adminProducts.state.${state}` as MessageKey) }))} />
        </Form.Item>
      </FilterBar>

      <div className="admin-products-actions">
        <Space wrap>
          {may(PERMISSIONS.PRODUCT_EDIT) && (
            <Button type="primary" onClick={() => navigate('/products/new')} data-testid="products-create">
              {t('adminProducts.list.create')}
            </Button>
          )}
          <Button onClick={() => void onExport()} loading={busy === 'export'} data-testid="products-export">
            {t('adminProducts.list.export')}
          </Button>
          {may(PERMISSIONS.PRODUCT_EDIT) && (
            <Upload
              accept=".csv,text/csv"
              showUploadList={false}
              beforeUpload={(file) => {
                void onImport(file);
                return false;
              }}
            >
              <Button loading={busy === 'import'} data-testid="products-import">
                {t('adminProducts.list.import')}
              </Button>
            </Upload>
          )}
          <ExportCatalogueButton filters={table.filters} />
          {may(PERMISSIONS.PRODUCT_IMPORT) && <ImportCatalogueButton touched={touched} />}
        </Space>
      </div>

      <SelectableTable<AdminProductRow, number>
        screen={screen}
        open={(row) => navigate(`/products/${row.id}`)}
        bulk={
          may(PERMISSIONS.PRODUCT_EDIT)
            ? {
                label: t('adminProducts.list.selected', { count: selected.length }),
                testId: 'products-bulk',
                actions: (
                  <>
                    <Button onClick={() => setDialog('price')}>{t('adminProducts.list.bulkPrice')}</Button>
                    <Button onClick={() => setDialog('stock')}>{t('adminProducts.list.bulkStock')}</Button>
                  </>
                ),
              }
            : null
        }
        data-testid="products-table"
        columns={[
          {
            ...sortable('title', t('adminProducts.list.product')),
            render: (_: string, row) => (
              <span className="admin-product-cell">
                <img src={mediaUrl(row.image)} alt="" width={40} height={44} loading="lazy" />
                <span>
                  <ScreenLink to={`/products/${row.id}`}>{(locale === 'zh-CN' && row.zhTitle) || row.title}</ScreenLink>
                  <Typography.Text type="secondary" className="admin-product-sub">
                    #{row.id} · {[row.sport, row.team].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </span>
              </span>
            ),
          },
          { ...sortable('price', t('adminProducts.list.price')), align: 'right', render: (cents: number) => <span className="admin-nowrap">{money(cents)}</span> },
          {
            key: 'state',
            title: t('adminProducts.list.state'),
            render: (_: unknown, row) => (
              <Space size={4} wrap>
                <PublishedTag published={row.published} />
                <ListedTag listed={row.listed} />
                <Tooltip title={row.stock.map((s) => `${s.size}: ${s.stock}`).join(' · ')}>
                  <span>
                    <StockTag state={row.stockState} />
                  </span>
                </Tooltip>
              </Space>
            ),
          },
          { ...sortable('updatedAt', t('adminProducts.list.updatedAt')), render: (at: string) => <span className="admin-nowrap">{new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}</span> },
          {
            key: 'actions',
            title: t('adminProducts.list.actions'),
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {may(PERMISSIONS.PRODUCT_EDIT) && (
                  <Button type="link" size="small" onClick={() => void onDuplicate(row)}>
                    {t('adminProducts.list.duplicate')}
                  </Button>
                )}
                {may(PERMISSIONS.PRODUCT_PUBLISH) && (
                  <Button type="link" size="small" onClick={() => void onPublish(row)} data-testid={`product-publish-${row.id}`}>
                    {t(row.published ? 'adminProducts.list.unpublish' : 'adminProducts.list.publish')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />

      <BulkDialog open={dialog === 'price'} title={t('adminProducts.bulk.priceTitle', { count: selected.length })} onOk={() => void onBulkPrice()} onCancel={() => setDialog(null)} pending={bulkPrice.isPending} form={priceForm} initialValues={{ mode: 'percent', value: 10 }}>
        <Form.Item name="mode" label={t('adminProducts.bulk.mode')}>
          <Radio.Group
            options={[
              { value: 'percent', label: t('adminProducts.bulk.percent') },
              { value: 'set', label: t('adminProducts.bulk.set') },
              { value: 'add', label: t('adminProducts.bulk.add') },
            ]}
          />
        </Form.Item>
        <Form.Item name="value" label={t('adminProducts.bulk.value')} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
          <InputNumber step={1} precision={2} style={{ width: '100%' }} />
        </Form.Item>
      </BulkDialog>

      <BulkDialog open={dialog === 'stock'} title={t('adminProducts.bulk.stockTitle', { count: selected.length })} onOk={() => void onBulkStock()} onCancel={() => setDialog(null)} pending={bulkStock.isPending} form={stockForm} initialValues={{ size: 'all', stock: 0 }}>
        <Form.Item name="size" label={t('adminProducts.bulk.size')}>
          <Select options={[{ value: 'all', label: t('adminProducts.bulk.allSizes') }, ...SIZES.map((size) => ({ value: size, label: size }))]} />
        </Form.Item>
        <Form.Item name="stock" label={t('adminProducts.bulk.stock')} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
          <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </BulkDialog>

      <Modal open={problems !== null} title={t('adminProducts.list.importFailed')} footer={null} onCancel={() => setProblems(null)}>
        <ul className="admin-csv-problems" data-testid="stock-import-problems">
          {(problems ?? []).map((problem) => (
            <li key={`${problem.line}-${problem.message}`}>
              <strong>{t('adminProducts.list.line', { line: problem.line })}</strong>: {problem.message}
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
