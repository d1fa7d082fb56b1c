/**
 * A shirt's size as staff choose it for a product: only the sizes the product has, each with its
 * stock as a shopper would see it ("M · 12 in stock"); an out-of-stock size is listed but cannot be
 * chosen, since the server refuses it as it refuses a shopper (1410). The answer is the catalogue's
 * product detail, the query PrintFields already makes for the same product, so it costs no request.
 */
import { Select } from 'antd';
import { catalogueApi } from '../../domain/api/catalogue.ts';
import { useApiQuery } from '../api.ts';
import { useT } from '../i18n.tsx';

export interface SizeSelectProps {
  productId: number | null | undefined;
  value?: string;
  onChange?: (size: string) => void;
  id?: string;
  testId: string;
}

export function SizeSelect({ productId, value, onChange, id, testId }: SizeSelectProps) {
  const { t } = useT();
  const known = (productId ?? 0) > 0;
  const detail = useApiQuery(catalogueApi.productDetail, { id: productId ?? 0 }, { enabled: known, silent: true });
  // The query keeps the previous product's answer while the next loads: never show its sizes.
  const sizes = known && detail.data && detail.data.id === productId ? detail.data.sizes : [];
  const options = sizes.map(({ size, stock }) => ({
    value: size,
    label: stock > 0 ? t('adminNewOrder.sizeInStock', { size, stock }) : t('adminNewOrder.sizeOutOfStock', { size }),
    disabled: stock <= 0,
  }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      disabled={!known}
      loading={known && detail.isFetching}
      // At most the eight sizes: all drawn, none scrolled out of the list (or out of reach of a screen reader).
      virtual={false}
      placeholder={known ? undefined : t('adminNewOrder.productFirst')}
      data-testid={testId}
    />
  );
}
