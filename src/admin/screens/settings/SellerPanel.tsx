/**
 * Settings -> Seller: who issues the invoices and credit notes (legal name, address, email, as
 * printed on them) and the two numbering series. The rules are the shared schema's
 * (`sellerSectionSchema`); the address is typed one line per line.
 */
import { Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ShopSettings } from '../../../domain/settings.model.ts';
import { sellerSectionSchema } from '../../../domain/tax/settings.schema.ts';
import { useT } from '../../i18n.tsx';
import { schemaRule } from '../../widgets/schema-rule.ts';
import { SectionForm, useSectionForm } from './section.tsx';
import { SellerWarning, sellerMissing } from './seller-warning.tsx';

interface SellerForm {
  legalName: string;
  address: string;
  email: string;
  invoiceSeries: string;
  creditNoteSeries: string;
}

/** The address as typed, one line per line, blank lines left out. */
export function addressLines(text: string | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const shape = sellerSectionSchema.shape;

export function SellerPanel({ settings, savedAt }: { settings: ShopSettings; savedAt: string | null }) {
  const { t } = useT();
  const seller = settings.seller;
  const initial: SellerForm = { legalName: seller.legalName, address: seller.address.join('\n'), email: seller.email ?? '', invoiceSeries: seller.invoiceSeries, creditNoteSeries: seller.creditNoteSeries };
  const section = useSectionForm(initial, seller, savedAt);
  const addressRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      if (!shape.address.safeParse(addressLines(value)).success) throw new Error(t('adminTax.seller.addressLines'));
    },
  };
  const submit = (v: SellerForm) =>
    section.run(
      {
        section: 'seller',
        value: {
          legalName: v.legalName?.trim() ?? '',
          address: addressLines(v.address),
          email: v.email?.trim() ? v.email.trim() : null,
          invoiceSeries: v.invoiceSeries ?? '',
          creditNoteSeries: v.creditNoteSeries ?? '',
        },
      },
      (path) => [path[0] ?? 'legalName'],
    );
  return (
    <>
      {sellerMissing(seller) && <SellerWarning />}
      <SectionForm<SellerForm> section={section} title={t('adminTax.seller.title')} testName="seller" onFinish={(v) => void submit(v)}>
        <p className="admin-tax-help">{t('adminTax.seller.help')}</p>
        <Form.Item name="legalName" label={t('adminTax.seller.legalName')} rules={[schemaRule(shape.legalName, t('adminTax.seller.tooLong'))]}>
          <Input maxLength={120} style={{ maxWidth: 480 }} data-testid="seller-legal-name" />
        </Form.Item>
        <Form.Item name="address" label={t('adminTax.seller.address')} extra={t('adminTax.seller.addressHelp')} rules={[addressRule]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 7 }} style={{ maxWidth: 480 }} data-testid="seller-address" />
        </Form.Item>
        <Form.Item name="email" label={t('adminTax.seller.email')} rules={[schemaRule(shape.email, t('adminTax.seller.emailBad'))]}>
          <Input type="email" maxLength={254} style={{ maxWidth: 360 }} data-testid="seller-email" />
        </Form.Item>
        <div className="admin-tax-grid">
          <Form.Item
            name="invoiceSeries"
            label={t('adminTax.seller.invoiceSeries')}
            extra={t('adminTax.seller.seriesHelp', { example: 'INV-2026-000123' })}
            rules={[{ required: true, message: t('adminTax.seller.seriesBad') }, schemaRule(shape.invoiceSeries, t('adminTax.seller.seriesBad'))]}
          >
            <Input maxLength={6} style={{ width: 140 }} data-testid="seller-invoice-series" />
          </Form.Item>
          <Form.Item
            name="creditNoteSeries"
            label={t('adminTax.seller.creditNoteSeries')}
            extra={t('adminTax.seller.seriesHelp', { example: 'CN-2026-000007' })}
            dependencies={['invoiceSeries']}
            rules={[
              { required: true, message: t('adminTax.seller.seriesBad') },
              schemaRule(shape.creditNoteSeries, t('adminTax.seller.seriesBad')),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  if (value && value === getFieldValue('invoiceSeries')) throw new Error(t('adminTax.seller.seriesSame'));
                },
              }),
            ]}
          >
            <Input maxLength={6} style={{ width: 140 }} data-testid="seller-credit-note-series" />
          </Form.Item>
        </div>
      </SectionForm>
    </>
  );
}
