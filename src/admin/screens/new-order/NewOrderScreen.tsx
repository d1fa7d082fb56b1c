/**
 * New order (/admin/new-order, order:create; docs/back-office.md "Manual orders"): a phone or mail
 * order, or a free replacement. Staff pick an existing customer (searched as the customers screen
 * searches) or type a guest email, add lines with the configurator's fields (a product, its size (the product's own, with
 * their stock: widgets/SizeSelect.tsx; what the stock cannot serve is said beside the line),
 * quantity, its whole print in the order change dialog's editor, widgets/PrintFields.tsx: the
 * types the product offers, a squad player or the buyer's own name and number, lettering, patches
 * and add-ons; a unit price by hand with its reason for those holding order:price), the address
 * and method, a coupon; "Price it"
 * shows the server's total (discounts, shipping, tax), and only a priced form whose values have
 * not changed since may be placed: by a mailed PayPal link, paid offline (order:pay-offline), or
 * as a replacement of another order. `?customer=<id>` (the customer screen's button) picks that
 * customer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Segmented, Select, Space, Typography, type ColProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../client/http.ts';
import { adminCustomersApi } from '../../../domain/api/admin/customers.ts';
import { adminOrdersApi } from '../../../domain/api/admin/orders.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { adminStaffOrdersApi } from '../../../domain/api/admin/staff-orders.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { CheckoutQuote } from '../../../domain/checkout.model.ts';
import { LOCALE_NAMES, LOCALES } from '../../../domain/locale.ts';
import { CURRENCY_CODES, type CurrencyCode } from '../../../domain/money.model.ts';
import { OFFLINE_PAYMENT_METHODS } from '../../../domain/order-changes.model.ts';
import { SHIPPING_METHODS } from '../../../domain/shipping.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { queryKey, useApiMutation, useApiQuery } from '../../api.ts';
import { useScreen } from '../../frame/screen-context.ts';
import { useT } from '../../i18n.tsx';
import { useMay } from '../../state/session.ts';
import { PrintFields } from '../../widgets/PrintFields.tsx';
import { SizeSelect } from '../../widgets/SizeSelect.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { useWrite } from '../../widgets/write.ts';
import { useMoney } from '../orders/labels.tsx';
import { NEW_LINE, createRequest, customerOfPath, lineForProduct, lineStockProblems, quoteRequest, stockRefusal, type FormLine, type OrderForm, type StockProblem } from './order-form.ts';
import './new-order.css';

const INITIAL: Partial<OrderForm> = { customerKind: 'guest', lines: [NEW_LINE], currency: 'EUR', locale: 'en-US', shippingMethod: 'standard', payment: 'link', offlineMethod: 'bank-transfer', phoneCode: '+44' };

/** A search box over a list call: what was typed, debounced a little so each key does not ask. */
function useTyped(): [string, (value: string) => void] {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  return [query, setTyped];
}

/** A Select whose options a list call finds for what is typed (the server filters; the Select does not). */
function SearchSelect({ value, onChange, onSearch, options, loading, placeholder, ariaLabel, testId }: { value?: number; onChange?: (id: number) => void; onSearch: (typed: string) => void; options: { value: number; label: string }[]; loading: boolean; placeholder: string; ariaLabel: string; testId: string }) {
  return <Select showSearch value={value} onChange={onChange} onSearch={onSearch} filterOption={false} options={options} loading={loading} placeholder={placeholder} aria-label={ariaLabel} data-testid={testId} />;
}

function CustomerPicker({ value, onChange, preset }: { value?: number; onChange?: (id: number) => void; preset: number | null }) {
  const { t } = useT();
  const [query, type] = useTyped();
  const list = useApiQuery(adminCustomersApi.customerList, { query: query || undefined, kind: 'registered', size: 20 }, { silent: true });
  const chosen = useApiQuery(adminCustomersApi.customer, { userId: preset ?? 0 }, { enabled: preset !== null, silent: true });
  const options = (list.data?.records ?? []).flatMap((row) => (row.kind === 'registered' ? [{ value: row.userId, label: `${row.name.trim() || row.email} · ${row.email}` }] : []));
  if (chosen.data && !options.some((o) => o.value === chosen.data.userId)) options.unshift({ value: chosen.data.userId, label: `${chosen.data.name.trim() || chosen.data.email} · ${chosen.data.email}` });
  return <SearchSelect value={value} onChange={onChange} onSearch={type} options={options} loading={list.isFetching} placeholder={t('adminNewOrder.searchCustomer')} ariaLabel={t('adminNewOrder.searchCustomer')} testId="new-order-customer" />;
}

function ProductPicker({ value, onChange, index }: { value?: number; onChange?: (id: number) => void; index: number }) {
  const { t, locale } = useT();
  const [query, type] = useTyped();
  // Only what a shopper could buy: the server refuses an unpublished product's line.
  const list = useApiQuery(adminProductsApi.list, { query: query || undefined, published: true, size: 20 }, { silent: true });
  const options = (list.data?.records ?? []).map((p) => ({ value: p.id, label: `#${p.id} ${(locale === 'zh-CN' && p.zhTitle) || p.title}` }));
  return (
    <SearchSelect
      value={value}
      onChange={onChange}
      onSearch={type}
      options={options}
      loading={list.isFetching}
      placeholder={t('adminNewOrder.searchProduct')}
      ariaLabel={`${t('adminNewOrder.product')} ${index + 1}`}
      testId={`new-order-product-${index}`}
    />
  );
}

/** A text field of the form in its grid column, with its rules and longest length. */
function TextCol({ span, name, label, rules, maxLength, testId }: { span: ColProps; name: string; label: string; rules: Rule[]; maxLength: number; testId: string }) {
  return (
    <Col {...span}>
      <Form.Item name={name} label={label} rules={rules}>
        <Input maxLength={maxLength} data-testid={testId} />
      </Form.Item>
    </Col>
  );
}

export default function NewOrderScreen() {
  const { t } = useT();
  const { modal, message } = App.useApp();
  const write = useWrite();
  const navigate = useNavigate();
  const may = useMay();
  const money = useMoney();
  const { fullPath } = useScreen();
  const preset = useMemo(() => customerOfPath(fullPath), [fullPath]);
  const [form] = Form.useForm<OrderForm>();
  const values = Form.useWatch([], form) as OrderForm | undefined;
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [quote, setQuote] = useState<{ request: string; answer: CheckoutQuote } | null>(null);
  const [pricing, setPricing] = useState(false);
  // No lists to read again before moving on (useApiMutation's invalidation waits for them): the
  // Orders tab stays mounted, so its list is fetched again, and on a busy server its time-out and
  // retry once kept the order detail away for over 30 s. They are read again behind the detail.
  const create = useApiMutation(adminStaffOrdersApi.create);
  const client = useQueryClient();
  const [refused, setRefused] = useState<{ request: string; problem: StockProblem } | null>(null);
  const mayPrice = may(PERMISSIONS.ORDER_PRICE);
  const mayOffline = may(PERMISSIONS.ORDER_PAY_OFFLINE);
  const payment = values?.payment ?? 'link';
  const currency = (values?.currency ?? 'EUR') as CurrencyCode;
  // The priced total holds only while the form is as it was priced.
  const current = values?.lines ? JSON.stringify(createRequest(values, '')) : '';
  const fresh = quote !== null && quote.request === current;
  // What the stock cannot serve, beside its line: the fresh quote's notices, and a placing refused
  // for stock while the form is as it was sent.
  const problems = lineStockProblems(values?.lines ?? [], [...(fresh ? quote.answer.notices.stock : []), ...(refused && refused.request === current ? [refused.problem] : [])]);
  const short = problems.some(Boolean);

  useEffect(() => {
    if (preset !== null) form.setFieldsValue({ customerKind: 'account', userId: preset });
  }, [preset, form]);

  const price = async () => {
    const v = await validFields(form);
    if (!v) return;
    setPricing(true);
    await write(async () => {
      const answer = await call(adminStaffOrdersApi.quote, quoteRequest(v));
      setQuote({ request: JSON.stringify(createRequest(v, '')), answer });
    });
    setPricing(false);
  };

  const place = async () => {
    const v = await validFields(form);
    if (!v || !quote) return;
    const m = money(quote.answer.summary.total, quote.answer.currency);
    modal.confirm({
      title: t('adminNewOrder.confirmTitle'),
      content: t('adminNewOrder.confirmBody', { total: payment === 'replacement' ? money(0, currency) : m, kind: t(`adminNewOrder.paymentKind.${payment}` as MessageKey) }),
      okText: t('adminNewOrder.place'),
      cancelText: t('admin.common.cancel'),
      onOk: () =>
        write(
          async () => {
            const answer = await create.mutateAsync(createRequest(v, key));
            void message.success(t('adminNewOrder.placed', { orderNo: answer.orderNo }));
            // The next order of this screen is another order.
            setKey(crypto.randomUUID());
            setQuote(null);
            setRefused(null);
            form.resetFields();
            navigate(`/orders/${answer.orderNo}`);
            for (const list of [adminOrdersApi.orderList, adminOrdersApi.dashboard]) void client.invalidateQueries({ queryKey: queryKey(list) });
          },
          (error) => {
            const problem = stockRefusal(error.code, error.msg, error.data);
            if (problem) setRefused({ request: JSON.stringify(createRequest(v, '')), problem });
          },
        ),
    });
  };

  const required = [{ required: true, message: t('adminNewOrder.required') }];
  const s = quote?.answer.summary;
  return (
    <div className="admin-screen admin-new-order" data-testid="new-order">
      <Form<OrderForm> form={form} layout="vertical" initialValues={INITIAL} requiredMark={false}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card title={t('adminNewOrder.payment')}>
              <Form.Item name="payment" label={t('adminNewOrder.payment')}>
                <Radio.Group data-testid="new-order-payment">
                  <Space direction="vertical">
                    <Radio value="link">{t('adminNewOrder.paymentKind.link')}</Radio>
                    {mayOffline && <Radio value="offline">{t('adminNewOrder.paymentKind.offline')}</Radio>}
                    <Radio value="replacement">{t('adminNewOrder.paymentKind.replacement')}</Radio>
                  </Space>
                </Radio.Group>
              </Form.Item>
              {payment === 'link' && <Typography.Paragraph type="secondary">{t('adminNewOrder.linkHint')}</Typography.Paragraph>}
              {payment === 'offline' && (
                <Row gutter={12}>
                  <Col xs={24} md={8}>
                    <Form.Item name="offlineMethod" label={t('adminNewOrder.offlineMethod')}>
                      <Select options={OFFLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`adminNewOrder.offlineMethods.${m}` as MessageKey) }))} data-testid="new-order-offline-method" />
                    </Form.Item>
                  </Col>
                  <TextCol span={{ xs: 24, md: 8 }} name="reference" label={t('adminNewOrder.reference')} rules={required} maxLength={100} testId="new-order-reference" />
                  <TextCol span={{ xs: 24, md: 8 }} name="offlineReason" label={t('adminNewOrder.offlineReason')} rules={required} maxLength={500} testId="new-order-offline-reason" />
                </Row>
              )}
              {payment === 'replacement' && (
                <>
                  <Typography.Paragraph type="secondary">{t('adminNewOrder.replacementHint')}</Typography.Paragraph>
                  <Form.Item name="replaces" label={t('adminNewOrder.replaces')} rules={required}>
                    <Input maxLength={40} data-testid="new-order-replaces" />
                  </Form.Item>
                </>
              )}
            </Card>

            {payment !== 'replacement' && (
              <Card title={t('adminNewOrder.customer')}>
                <Form.Item name="customerKind">
                  <Segmented options={(['account', 'guest'] as const).map((k) => ({ value: k, label: t(`adminNewOrder.customerKind.${k}` as MessageKey) }))} data-testid="new-order-customer-kind" />
                </Form.Item>
                {values?.customerKind === 'account' ? (
                  <Form.Item name="userId" label={t('adminNewOrder.customer')} rules={required}>
                    <CustomerPicker preset={preset} />
                  </Form.Item>
                ) : (
                  <Form.Item name="guestEmail" label={t('adminNewOrder.guestEmail')} rules={[...required, { type: 'email', message: t('adminNewOrder.guestEmail') }]}>
                    <Input type="email" maxLength={254} autoComplete="off" data-testid="new-order-email" />
                  </Form.Item>
                )}
              </Card>
            )}

            <Card title={t('adminNewOrder.lines')}>
              <Form.List name="lines">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field, index) => {
                      const line = values?.lines?.[index];
                      return (
                        <fieldset key={field.key} className="admin-new-order-line" data-testid={`new-order-line-${index}`}>
                          <legend>{t('adminNewOrder.lineN', { n: index + 1 })}</legend>
                          <Row gutter={12}>
                            <Col xs={24} md={12}>
                              <Form.Item name={[field.name, 'productId']} label={t('adminNewOrder.product')} rules={required}>
                                <ProductPicker index={index} onChange={() => form.setFieldValue(['lines', field.name], lineForProduct(form.getFieldValue(['lines', field.name]) as FormLine))} />
                              </Form.Item>
                            </Col>
                            {/* At 375 px the size takes the room its stock needs ("M · 12 in stock"); the quantity is two digits. */}
                            <Col xs={16} md={6}>
                              <Form.Item name={[field.name, 'size']} label={t('adminNewOrder.size')} rules={required}>
                                <SizeSelect productId={line?.productId} testId={`new-order-size-${index}`} />
                              </Form.Item>
                            </Col>
                            <Col xs={8} md={6}>
                              <Form.Item name={[field.name, 'quantity']} label={t('adminNewOrder.quantity')} rules={required}>
                                <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} data-testid={`new-order-quantity-${index}`} />
                              </Form.Item>
                            </Col>
                            {problems[index] && (
                              <Col xs={24}>
                                <Alert type="error" showIcon message={problems[index]} className="admin-new-order-line-problem" data-testid={`new-order-stock-${index}`} />
                              </Col>
                            )}
                            <Col xs={24}>
                              <PrintFields productId={line?.productId} name={[field.name]} path={['lines', field.name]} testId={(part) => `new-order-${part === 'type' ? 'print' : part}-${index}`} />
                            </Col>
                            {mayPrice && payment !== 'replacement' && (
                              <>
                                <Col xs={24} md={8}>
                                  <Form.Item name={[field.name, 'unitPrice']} label={`${t('adminNewOrder.unitPrice')} (${currency})`} extra={t('adminNewOrder.unitPriceHint')}>
                                    <Input inputMode="decimal" maxLength={12} data-testid={`new-order-unit-price-${index}`} />
                                  </Form.Item>
                                </Col>
                                <Col xs={24} md={16}>
                                  <Form.Item name={[field.name, 'priceReason']} label={t('adminNewOrder.priceReason')} rules={line?.unitPrice?.trim() ? required : []}>
                                    <Input maxLength={500} data-testid={`new-order-price-reason-${index}`} />
                                  </Form.Item>
                                </Col>
                              </>
                            )}
                          </Row>
                          {fields.length > 1 && (
                            <Button onClick={() => remove(field.name)} aria-label={t('adminNewOrder.removeLine', { n: index + 1 })}>
                              {t('adminNewOrder.removeLine', { n: index + 1 })}
                            </Button>
                          )}
                        </fieldset>
                      );
                    })}
                    <Button type="dashed" onClick={() => add(NEW_LINE)} data-testid="new-order-add-line">
                      {t('adminNewOrder.addLine')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Card>

            {payment !== 'replacement' && (
              <Card title={t('adminNewOrder.shipping')}>
                <Row gutter={12}>
                  {(['firstName', 'lastName', 'company', 'address', 'address2', 'city', 'province', 'postalCode'] as const).map((name) => (
                    <TextCol
                      key={name}
                      span={{ xs: 24, md: 12 }}
                      name={name}
                      label={name === 'company' ? t('adminNewOrder.company') : t(`adminOrderChanges.field.${name}` as MessageKey)}
                      rules={['firstName', 'lastName', 'address', 'city'].includes(name) ? required : []}
                      maxLength={200}
                      testId={`new-order-${name}`}
                    />
                  ))}
                  <Col xs={12} md={6}>
                    <Form.Item name="country" label={t('adminNewOrder.country')} normalize={(v: string) => v.toUpperCase()} rules={[...required, { pattern: /^[A-Z]{2}$/, message: t('adminNewOrder.country') }]}>
                      <Input maxLength={2} data-testid="new-order-country" />
                    </Form.Item>
                  </Col>
                  <TextCol span={{ xs: 12, md: 6 }} name="phoneCode" label={t('adminOrderChanges.field.phoneCode')} rules={required} maxLength={5} testId="new-order-phoneCode" />
                  <TextCol span={{ xs: 24, md: 12 }} name="phone" label={t('adminOrderChanges.field.phone')} rules={required} maxLength={30} testId="new-order-phone" />
                </Row>
              </Card>
            )}
          </Col>

          <Col xs={24} xl={8}>
            <Card title={t('adminNewOrder.priced')} className="admin-new-order-summary">
              <Form.Item name="currency" label={t('adminNewOrder.currency')}>
                <Select options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} data-testid="new-order-currency" />
              </Form.Item>
              <Form.Item name="locale" label={t('adminNewOrder.language')}>
                <Select options={LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> }))} data-testid="new-order-locale" />
              </Form.Item>
              <Form.Item name="shippingMethod" label={t('adminNewOrder.method')}>
                <Select options={SHIPPING_METHODS.map((m) => ({ value: m, label: t(`adminOrders.shippingMethod.${m}` as MessageKey) }))} data-testid="new-order-method" />
              </Form.Item>
              {payment !== 'replacement' && (
                <Form.Item name="couponCode" label={t('adminNewOrder.coupon')}>
                  <Input maxLength={64} data-testid="new-order-coupon" />
                </Form.Item>
              )}
              <Button onClick={() => void price()} loading={pricing} block className="admin-new-order-price" data-testid="new-order-price">
                {t('adminNewOrder.price')}
              </Button>
              {!quote && <Typography.Paragraph type="secondary">{t('adminNewOrder.notPriced')}</Typography.Paragraph>}
              {quote && !fresh && <Alert type="warning" showIcon message={t('adminNewOrder.stale')} className="admin-order-alert" />}
              {s && quote && (
                <div data-testid="new-order-summary" data-items={s.items} data-total={s.total} aria-live="polite">
                  {[
                    [t('adminNewOrder.items'), s.items],
                    ...(s.tierDiscount ? [[t('adminNewOrder.tierDiscount', { percent: s.tierPercent }), -s.tierDiscount]] : []),
                    ...(s.couponDiscount ? [[t('adminNewOrder.couponDiscount'), -s.couponDiscount]] : []),
                    [t('adminNewOrder.shippingCost'), s.shipping],
                    ...(s.taxAdded ? [[t('adminNewOrder.taxAdded'), s.taxAdded]] : []),
                  ].map(([label, amount]) => (
                    <div className="admin-amount-row" key={label as string}>
                      <span>{label}</span>
                      <span>{money(amount as number, quote.answer.currency)}</span>
                    </div>
                  ))}
                  {quote.answer.coupon && !quote.answer.coupon.valid && <Alert type="warning" showIcon message={quote.answer.coupon.message} />}
                  {quote.answer.notices.stock.map((n) => (
                    <Alert key={`${n.productId}-${n.size}`} type="error" showIcon message={n.message} />
                  ))}
                  <div className="admin-amount-row is-total" data-testid="new-order-total">
                    <strong>{t('adminNewOrder.total')}</strong>
                    <strong>{money(payment === 'replacement' ? 0 : s.total, quote.answer.currency)}</strong>
                  </div>
                  {quote.answer.tax && quote.answer.tax.added === 0 && quote.answer.tax.total > 0 && payment !== 'replacement' && (
                    <div className="admin-amount-row is-included">
                      <span>{t('adminNewOrder.taxIncluded')}</span>
                      <span>{money(quote.answer.tax.total, quote.answer.currency)}</span>
                    </div>
                  )}
                </div>
              )}
              <Button type="primary" block disabled={!fresh || short} loading={create.isPending} onClick={() => void place()} data-testid="new-order-place" style={{ marginTop: 16 }}>
                {t('adminNewOrder.place')}
              </Button>
            </Card>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
