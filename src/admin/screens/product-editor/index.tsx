/**
 * The product editor (/products/:id, "new" for a new one): titles and Markdown descriptions in both
 * languages with a preview, prices typed in EUR (sent as cents), sport, team and navigation tags,
 * personalisation, sizes with stock, the size guide, the FAQ per language and the images (upload,
 * reorder, remove). A save carries the version it read: when someone else saved since, the server
 * refuses (1412) and the editor says so with a reload action, keeping what was typed on screen.
 */
import { App, Alert, Button, Card, Col, Form, Input, InputNumber, Result, Row, Segmented, Select, Skeleton, Space, Switch, Tabs, Tag, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call, isApiError, mediaUrl } from '../../../client/http.ts';
import { adminProductsApi } from '../../../domain/api/admin-products.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import { SIZES } from '../../../domain/catalogue.model.ts';
import { IMAGE_MAX_BYTES, type AdminProduct, type AdminProductImage } from '../../../domain/product-admin.model.ts';
import { PERMISSIONS } from '../../../domain/staff.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useScreen } from '../../shell/screen-context.ts';
import { useAdminSession } from '../../state/session.ts';
import { PublishedTag } from '../products/index.tsx';
import { NEW_PRODUCT, requestOf, valuesOf, type EditorValues } from './form.ts';
import { markdownHtml } from '../../../domain/markdown.ts';
import '../products/products.css';

const LANGUAGES: readonly Locale[] = ['en-US', 'zh-CN'];

/** Base64 of a file's bytes, for the upload call. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function DescriptionField({ language }: { language: Locale }) {
  const { t } = useT();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const form = Form.useFormInstance<EditorValues>();
  const text = Form.useWatch(['description', language], form) ?? '';
  return (
    <Form.Item label={t('adminProducts.editor.description')} required={false}>
      <Segmented
        size="small"
        value={mode}
        onChange={(value) => setMode(value as 'write' | 'preview')}
        options={[
          { value: 'write', label: t('adminProducts.editor.write') },
          { value: 'preview', label: t('adminProducts.editor.preview') },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Form.Item name={['description', language]} noStyle hidden={mode === 'preview'}>
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} maxLength={10_000} />
      </Form.Item>
      {mode === 'preview' && (
        <div className="admin-markdown-preview" data-testid={`description-preview-${language}`}>
          {text.trim() ? <div dangerouslySetInnerHTML={{ __html: markdownHtml(text) }} /> : <Typography.Text type="secondary">{t('adminProducts.editor.nothingToPreview')}</Typography.Text>}
        </div>
      )}
    </Form.Item>
  );
}

function ImagesCard({ product, canEdit, onChanged }: { product: AdminProduct | null; canEdit: boolean; onChanged: (images: AdminProductImage[]) => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  if (!product) return <Typography.Text type="secondary">{t('adminProducts.editor.saveFirst')}</Typography.Text>;
  const images = product.images;
  const apply = async (work: Promise<AdminProductImage[]>) => {
    try {
      onChanged(await work);
    } catch {
      // Shown by the HTTP layer.
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const hashes = images.map((image) => image.hash);
    const [moved] = hashes.splice(index, 1);
    hashes.splice(index + by, 0, moved!);
    void apply(call(adminProductsApi.orderImages, { productId: product.id, hashes }));
  };
  const upload = async (file: File) => {
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('adminProducts.editor.imagesHint'));
      return;
    }
    // Reading the file is the first half of the bar, the call the second.
    setUploading({ name: file.name, percent: 10 });
    try {
      const data = await base64Of(file);
      setUploading({ name: file.name, percent: 50 });
      onChanged(await call(adminProductsApi.uploadImage, { productId: product.id, data }));
      void message.success(t('adminProducts.editor.uploaded'));
    } catch {
      // Shown by the HTTP layer (type, size).
    } finally {
      setUploading(null);
    }
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('adminProducts.editor.imagesHint')}</Typography.Paragraph>
      {canEdit && (
        <Upload
          accept="image/jpeg,image/png,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button loading={uploading !== null} data-testid="product-image-upload">
            {t('adminProducts.editor.upload')}
          </Button>
        </Upload>
      )}
      {uploading && (
        <div role="status" className="admin-upload-progress">
          <Typography.Text>{t('adminProducts.editor.uploading', { name: uploading.name })}</Typography.Text>
          <progress max={100} value={uploading.percent} style={{ width: '100%' }} />
        </div>
      )}
      {images.length === 0 ? (
        <ul className="admin-image-list" aria-label={t('adminProducts.editor.artShown')}>
          {product.art.slice(0, 2).map((src) => (
            <li key={src} className="admin-image-tile">
              <img src={mediaUrl(src)} alt="" width={100} height={110} />
            </li>
          ))}
          <li className="admin-image-tile">
            <Typography.Text type="secondary">{t('adminProducts.editor.artShown')}</Typography.Text>
          </li>
        </ul>
      ) : (
        <ul className="admin-image-list" data-testid="product-images">
          {images.map((image, index) => (
            <li key={image.hash} className="admin-image-tile">
              <img src={mediaUrl(image.thumbUrl)} alt="" width={100} height={110} />
              {canEdit && (
                <Space size={0}>
                  <Button size="small" type="text" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('adminProducts.editor.moveLeft')}>
                    ←
                  </Button>
                  <Button size="small" type="text" disabled={index === images.length - 1} onClick={() => move(index, 1)} aria-label={t('adminProducts.editor.moveRight')}>
                    →
                  </Button>
                  <Button size="small" type="text" danger onClick={() => void apply(call(adminProductsApi.removeImage, { productId: product.id, hash: image.hash }))}>
                    {t('adminProducts.editor.remove')}
                  </Button>
                </Space>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function ProductEditorScreen() {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { params } = useScreen();
  const { user } = useAdminSession();
  const may = (code: string) => user?.buttons.includes(code) ?? false;
  const isNew = params.id === 'new';
  const id = isNew ? 0 : Number(params.id);
  const [form] = Form.useForm<EditorValues>();
  const options = useApiQuery(adminProductsApi.options, {});
  const query = useApiQuery(adminProductsApi.get, { id }, { enabled: !isNew && id > 0, silent: true });
  const [product, setProduct] = useState<AdminProduct | null>(null);
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
  const teamOptions = useMemo(() => (options.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name })), [options.data]);

  const onSave = async (values: EditorValues) => {
    setSaving(true);
    try {
      if (isNew) {
        const created = await call(adminProductsApi.create, requestOf(values));
        void message.success(t('adminProducts.editor.created'));
        // This tab stays open for the next new product: it starts empty again.
        form.resetFields();
        navigate(`/products/${created.id}`);
        return;
      }
      const saved = await call(adminProductsApi.update, { id, version: product!.version, ...requestOf(values) }, { silent: true });
      setProduct(saved);
      form.setFieldsValue(valuesOf(saved));
      void message.success(t('adminProducts.editor.saved'));
    } catch (error) {
      if (isApiError(error) && error.code === CODES.STALE_VERSION) setStale(true);
      else if (isApiError(error) && !isNew) void message.error(error.msg);
    } finally {
      setSaving(false);
    }
  };

  const onPublish = async () => {
    if (!product) return;
    try {
      const next = await call(adminProductsApi.publish, { id: product.id, published: !product.published });
      setProduct(next);
    } catch {
      // Shown by the HTTP layer.
    }
  };

  const onDuplicate = async () => {
    if (!product) return;
    try {
      const copy = await call(adminProductsApi.duplicate, { id: product.id });
      navigate(`/products/${copy.id}`);
    } catch {
      // Shown by the HTTP layer.
    }
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
              <Tag>{t('adminProducts.editor.version', { version: product.version })}</Tag>
            </Space>
          )}
        </Space>
        {product && (
          <Space wrap>
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

      <Form<EditorValues> form={form} layout="vertical" initialValues={NEW_PRODUCT} onFinish={(values) => void onSave(values)} disabled={!canEdit} scrollToFirstError>
        <Card title={t('adminProducts.editor.general')}>
          <Tabs
            items={LANGUAGES.map((language) => ({
              key: language,
              label: t(language === 'en-US' ? 'adminProducts.editor.english' : 'adminProducts.editor.chinese'),
              forceRender: true,
              children: (
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
              ),
            }))}
          />
        </Card>

        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card title={t('adminProducts.editor.pricing')}>
              <Form.Item name="price" label={t('adminProducts.editor.price')} rules={[{ required: true, message: t('adminProducts.editor.required') }]}>
                <InputNumber min={0} max={100_000} precision={2} step={1} prefix="€" style={{ width: '100%' }} data-testid="product-price" />
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
                <InputNumber min={0} max={100_000} precision={2} step={1} prefix="€" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="customisationFee" label={t('adminProducts.editor.customisationFee')}>
                <InputNumber min={0} max={100_000} precision={2} step={1} prefix="€" style={{ width: '100%' }} />
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
          <Tabs
            items={LANGUAGES.map((language) => ({
              key: language,
              label: t(language === 'en-US' ? 'adminProducts.editor.english' : 'adminProducts.editor.chinese'),
              forceRender: true,
              children: (
                <Form.List name={['faq', language]}>
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((field) => (
                        <Row key={field.key} gutter={8} align="top">
                          <Col xs={24} md={9}>
                            <Form.Item name={[field.name, 'question']} rules={[{ required: true, whitespace: true, message: t('adminProducts.editor.required') }]}>
                              <Input maxLength={300} placeholder={t('adminProducts.editor.question')} aria-label={t('adminProducts.editor.question')} />
                            </Form.Item>
                          </Col>
                          <Col xs={24} md={12}>
                            <Form.Item name={[field.name, 'answer']} rules={[{ required: true, whitespace: true, message: t('adminProducts.editor.required') }]}>
                              <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={2000} placeholder={t('adminProducts.editor.answer')} aria-label={t('adminProducts.editor.answer')} />
                            </Form.Item>
                          </Col>
                          <Col xs={24} md={3}>
                            <Button type="text" danger onClick={() => remove(field.name)}>
                              {t('adminProducts.editor.remove')}
                            </Button>
                          </Col>
                        </Row>
                      ))}
                      <Button type="dashed" onClick={() => add({ question: '', answer: '' })} disabled={fields.length >= 20}>
                        {t('adminProducts.editor.addFaq')}
                      </Button>
                    </>
                  )}
                </Form.List>
              ),
            }))}
          />
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
