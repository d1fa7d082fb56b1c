/**
 * The product editor (/products/:id, "new" for a new one): titles and Markdown descriptions in both
 * languages with a preview, prices typed in EUR (sent as cents), sport, team and navigation tags,
 * personalisation, the tax class, sizes with stock, the size guide, the FAQ per language and the images (upload,
 * reorder, remove). A new product's navigation tags start as its sport's and team's entries;
 * publishing a product no category lists, or saving a published one so, asks first; a published
 * product links to its page in the shop. A save carries the version it read: when someone else saved since, the server
 * refuses (1412) and the editor says so with a reload action, keeping what was typed on screen.
 */
import { App, Alert, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Skeleton, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../client/http.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import { PRICE_MAX, SIZES } from '../../../domain/catalogue.model.ts';
import { defaultNavTags, listedUnder, PRODUCT_HANDLE_MAX, PRODUCT_HANDLE_PATTERN, type AdminProduct } from '../../../domain/back-office/products.model.ts';
import { localePath } from '../../../i18n/paths.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { TAX_CLASSES } from '../../../domain/tax/tax.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useScreen, useTabName } from '../../frame/screen-context.ts';
import { useMay } from '../../state/session.ts';
import { ListedTag, PublishedTag, useAskUnlisted } from '../products/ProductsScreen.tsx';
import { NEW_PRODUCT, requestOf, valuesOf, type EditorValues } from './form.ts';
import { DescriptionField, FaqList, LanguageTabs } from './fields.tsx';
import { ImagesCard } from './ImagesCard.tsx';
import '../products/products.css';
import { useWrite } from '../../widgets/write.ts';
import { showFieldErrors } from '../field-errors.ts';

export default function ProductEditorScreen() {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const navigate = useNavigate();
  const { params } = useScreen();
  const may = useMay();
  const isNew = params.id === 'new';
  const id = isNew ? 0 : Number(params.id);
  const [form] = Form.useForm<EditorValues>();
  const options = useApiQuery(adminProductsApi.options, {});
  const query = useApiQuery(adminProductsApi.get, { id }, { enabled: !isNew && id > 0, silent: true });
  const [product, setProduct] = useState<AdminProduct | null>(null);
  // Its tab, and the browser's title, name the product once read (in the user's language).
  useTabName(query.data ? (locale === 'zh-CN' && query.data.title['zh-CN']) || query.data.title['en-US'] : null);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);

  // The form takes the product when it is (re)read, not on every render.
  useEffect(() => {
    if (!query.data) return;
    setProduct(query.data);
    form.setFieldsValue(valuesOf(query.data));
    setStale(false);
  }, [query.data, form]);

  const canEdit = may(PERMISSIONS.PRODUCT_EDIT);
  /** The tags the new product's sport and team gave it last: replaced when those change, unless staff chose others. */
  const defaultsGiven = useRef<string[]>([]);
  const defaultsFor = (sport: string | undefined, teamId: number | null | undefined): string[] => {
    if (!options.data || !sport) return [];
    const team = options.data.teams.find((one) => one.id === teamId);
    return defaultNavTags(options.data.navTags, sport, team?.tag ?? null);
  };
  const onValuesChange = (changed: Partial<EditorValues>, all: EditorValues) => {
    if (!isNew || !('sport' in changed || 'teamId' in changed)) return;
    const tags = all.tags ?? [];
    if (tags.length && tags.join() !== defaultsGiven.current.join()) return;
    defaultsGiven.current = defaultsFor(all.sport, all.teamId);
    form.setFieldValue('tags', defaultsGiven.current);
  };
  const askUnlisted = useAskUnlisted();

  const teamOptions = useMemo(() => (options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name })), [options.data]);

  const onSave = async (values: EditorValues) => {
    if (!isNew && product?.published && options.data && !listedUnder(values.tags ?? [], options.data.navTags)) {
      if (!(await askUnlisted('save'))) return;
    }
    setSaving(true);
    await write(
      async () => {
        if (isNew) {
          const created = await call(adminProductsApi.create, requestOf(values));
          void message.success(t('adminProducts.editor.created'));
          // This tab stays open for the next new product: it starts empty again.
          form.resetFields();
          defaultsGiven.current = [];
          navigate(`/products/${created.id}`);
          return;
        }
        const saved = await call(adminProductsApi.update, { id, version: product!.version, ...requestOf(values) }, { silent: true });
        setProduct(saved);
        form.setFieldsValue(valuesOf(saved));
        void message.success(t('adminProducts.editor.saved'));
      },
      // The update is silent: a stale version gets its own notice, any other refusal its message here.
      (refusal) => {
        if (refusal.code === CODES.STALE_VERSION) setStale(true);
        else if (showFieldErrors(form, refusal, ['handle'])) return;
        else if (!isNew) void message.error(refusal.msg);
      },
    );
    setSaving(false);
  };

  const onPublish = async () => {
    if (!product) return;
    // The saved tags decide (the server's `listed`): publishing does not save what the form holds.
    if (!product.published && !product.listed && !(await askUnlisted('publish'))) return;
    await write(async () => setProduct(await call(adminProductsApi.publish, { id: product.id, published: !product.published })));
  };

  const onDuplicate = async () => {
    if (!product) return;
    await write(async () => {
      const copy = await call(adminProductsApi.duplicate, { id: product.id });
      navigate(`/products/${copy.id}`);
    });
  };

  if (!isNew && query.isPending) return <Skeleton active paragraph={{ rows: 12 }} aria-label={t('adminProducts.editor.loading')} />;
  if (!isNew && (query.isError || !Number.isInteger(id) || id <= 0)) return <Result status="404" title={t('adminProducts.editor.notFound')} />;

  const heading = isNew ? t('adminProducts.editor.newTitle') : (locale === 'zh-CN' && product?.title['zh-CN']) || product?.title['en-US'];

  return (
    <div className="admin-screen admin-product-editor" data-testid="product-editor">
      <div className="admin-editor-head">
        <Space direction="vertical" size={2}>
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            {heading}
          </Typography.Title>
          {product && (
            <Space size={6} wrap>
              <Typography.Text type="secondary">#{product.id}</Typography.Text>
              <PublishedTag published={product.published} />
              <ListedTag listed={product.listed} />
              <Tag>{t('adminProducts.editor.version', { version: product.version })}</Tag>
            </Space>
          )}
        </Space>
        {product && (
          <Space wrap>
            {product.published && (
              <Tooltip title={t('adminProducts.editor.viewInShopHint')}>
                <Button href={localePath(locale, `/product/${product.id}/`)} target="_blank" rel="noopener" data-testid="product-view-in-shop">
                  {t('adminProducts.editor.viewInShop')}
                </Button>
              </Tooltip>
            )}
            {canEdit && <Button onClick={() => void onDuplicate()}>{t('adminProducts.editor.duplicate')}</Button>}
            {may(PERMISSIONS.PRODUCT_PUBLISH) && (
              <Button onClick={() => void onPublish()} data-testid="product-editor-publish">
                {t(product.published ? 'adminProducts.editor.unpublish' : 'adminProducts.editor.publish')}
              </Button>
            )}
          </Space>
        )}
      </div>

      {stale && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={t('adminProducts.editor.staleTitle')}
          description={t('adminProducts.editor.staleBody')}
          data-testid="product-stale"
          action={
            <Button danger onClick={() => void query.refetch()} data-testid="product-reload">
              {t('adminProducts.editor.reload')}
            </Button>
          }
        />
      )}

      <Form<EditorValues> form={form} layout="vertical" initialValues={NEW_PRODUCT} onValuesChange={onValuesChange} onFinish={(values) => void onSave(values)} disabled={!canEdit} scrollToFirstError>
        <Card title={t('adminProducts.editor.general')}>
          <LanguageTabs>
            {(language) => (
          <>
            <Form.Item
              name={['title', language]}
              label={t('adminProducts.editor.title')}
              rules={language === 'en-US' ? [{ required: true, whitespace: true, message: t('adminProducts.editor.required') }] : []}
            >
              <Input maxLength={200} data-testid={`product-title-${language}`} />
            </Form.Item>
            <DescriptionField language={language} />
          </>
            )}
          </LanguageTabs>
          <Form.Item
            name="handle"
            label={t('adminProducts.editor.handle')}
            extra={t('adminProducts.editor.handleHint')}
            rules={[{ pattern: PRODUCT_HANDLE_PATTERN, message: t('adminProducts.editor.handleInvalid') }, ...(isNew ? [] : [{ required: true, message: t('adminProducts.editor.required') }])]}
          >
            <Input maxLength={PRODUCT_HANDLE_MAX} placeholder={isNew ? t('adminProducts.editor.handleFromTitle') : undefined} data-testid="product-handle" />
          </Form.Item>
        </Card>

        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card title={t('adminProducts.editor.pricing')}>
              <Form.Item name="price" label={t('adminProducts.editor.price')} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                <InputNumber min={0} max={PRICE_MAX / 100} precision={2} step={1} prefix="€" style={{ width: '100%' }} data-testid="product-price" />
              </Form.Item>
              <Form.Item
                name="compareAtPrice"
                label={t('adminProducts.editor.compareAt')}
                dependencies={['price']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_rule, value: number | null) =>
                      value === null || value === undefined || value > (getFieldValue('price') ?? 0) ? Promise.resolve() : Promise.reject(new Error(t('adminProducts.editor.mustExceedPrice'))),
                  }),
                ]}
              >
                <InputNumber min={0} max={PRICE_MAX / 100} precision={2} step={1} prefix="€" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="customisationFee" label={t('adminProducts.editor.customisationFee')}>
                <InputNumber min={0} max={PRICE_MAX / 100} precision={2} step={1} prefix="€" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="taxClass" label={t('adminTax.product.taxClass')} extra={t('adminTax.product.taxClassHelp')} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                <Select options={TAX_CLASSES.map((taxClass) => ({ value: taxClass, label: t(`adminTax.product.classes.${taxClass}` as MessageKey) }))} data-testid="product-tax-class" />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('adminProducts.editor.classification')}>
              <Form.Item name="sport" label={t('adminProducts.editor.sport')} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                <Select options={(options.data?.sports ?? []).map((sport) => ({ value: sport, label: options.data?.navTags.find((n) => n.tag === sport)?.name ?? sport }))} data-testid="product-sport" />
              </Form.Item>
              <Form.Item name="teamId" label={t('adminProducts.editor.team')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('adminProducts.editor.noTeam')} options={teamOptions} />
              </Form.Item>
              <Form.Item name="tags" label={t('adminProducts.editor.tags')}>
                <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={(options.data?.navTags ?? []).map((n) => ({ value: n.tag, label: `${n.name} (${n.tag})` }))} />
              </Form.Item>
            </Card>
          </Col>
        </Row>

        <Card title={t('adminProducts.editor.printing')}>
          <Form.Item name="printable" valuePropName="checked" label={t('adminProducts.editor.printable')}>
            <Switch />
          </Form.Item>
          {product && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Typography.Text strong>{t('adminProducts.editor.patches')}</Typography.Text>
                <div>{product.patches.length ? product.patches.map((p) => <Tag key={p.id}>{p.name}</Tag>) : <Typography.Text type="secondary">{t('adminProducts.editor.none')}</Typography.Text>}</div>
              </Col>
              <Col xs={24} md={12}>
                <Typography.Text strong>{t('adminProducts.editor.addons')}</Typography.Text>
                <div>{product.addons.length ? product.addons.map((a) => <Tag key={a.id}>{a.name}</Tag>) : <Typography.Text type="secondary">{t('adminProducts.editor.none')}</Typography.Text>}</div>
              </Col>
            </Row>
          )}
        </Card>

        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card title={t('adminProducts.editor.sizes')}>
              <Form.List name="sizes">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <div key={field.key} className="admin-row-fields" data-testid="product-size-row">
                        <Form.Item name={[field.name, 'size']} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                          <Select style={{ width: 80 }} aria-label={t('adminProducts.editor.size')} options={SIZES.map((size) => ({ value: size, label: size }))} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'was']} hidden>
                          <InputNumber />
                        </Form.Item>
                        <Form.Item name={[field.name, 'stock']} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                          <InputNumber min={0} max={99_999} precision={0} aria-label={t('adminProducts.editor.stock')} addonBefore={t('adminProducts.editor.stock')} style={{ width: 130 }} />
                        </Form.Item>
                        <Button type="text" danger onClick={() => remove(field.name)} disabled={fields.length === 1}>
                          {t('adminProducts.editor.remove')}
                        </Button>
                      </div>
                    ))}
                    <Button type="dashed" onClick={() => add({ size: SIZES.find((s) => !(form.getFieldValue('sizes') as { size: string }[]).some((row) => row?.size === s)) ?? 'M', stock: 0 })} disabled={fields.length >= SIZES.length}>
                      {t('adminProducts.editor.addSize')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('adminProducts.editor.sizeGuide')}>
              <Form.List name="sizeGuide">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <div key={field.key} className="admin-row-fields">
                        <Form.Item name={[field.name, 'size']} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                          <Select style={{ width: 80 }} aria-label={t('adminProducts.editor.size')} options={SIZES.map((size) => ({ value: size, label: size }))} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'chestCm']} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                          <InputNumber min={1} max={300} precision={0} placeholder={t('adminProducts.editor.chest')} aria-label={t('adminProducts.editor.chest')} style={{ width: 110 }} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'lengthCm']} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                          <InputNumber min={1} max={300} precision={0} placeholder={t('adminProducts.editor.length')} aria-label={t('adminProducts.editor.length')} style={{ width: 110 }} />
                        </Form.Item>
                        <Button type="text" danger onClick={() => remove(field.name)}>
                          {t('adminProducts.editor.remove')}
                        </Button>
                      </div>
                    ))}
                    <Button type="dashed" onClick={() => add({ size: 'M' })} disabled={fields.length >= SIZES.length}>
                      {t('adminProducts.editor.addGuideRow')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Card>
          </Col>
        </Row>

        <Card title={t('adminProducts.editor.faq')}>
          <LanguageTabs>{(language) => <FaqList language={language} />}</LanguageTabs>
        </Card>

        <Card title={t('adminProducts.editor.images')}>
          <ImagesCard product={product} canEdit={canEdit} onChanged={(images) => setProduct((current) => (current ? { ...current, images } : current))} />
        </Card>

        {canEdit && (
          <div className="admin-editor-actions">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="product-save">
              {t('adminProducts.editor.save')}
            </Button>
          </div>
        )}
      </Form>
    </div>
  );
}
