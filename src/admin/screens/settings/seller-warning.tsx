/**
 * The warning while invoices would print no seller (Settings -> Seller empty): on the settings
 * screen and the owner's dashboard. Apart from the Seller tab so the dashboard loads no form.
 */
import { Alert, Button } from 'antd';
import type { SellerSettings } from '../../../domain/tax/tax.model.ts';
import { useT } from '../../i18n.tsx';

/** Invoices print the seller's legal name and address: whether either is still empty. */
export function sellerMissing(seller: SellerSettings): boolean {
  return seller.legalName.trim() === '' || seller.address.length === 0;
}

/** The warning while the seller is not set; `onOpen` leads to the Seller tab where it is shown elsewhere. */
export function SellerWarning({ onOpen }: { onOpen?: () => void }) {
  const { t } = useT();
  return (
    <Alert
      type="warning"
      showIcon
      message={t('adminTax.seller.missing')}
      data-testid="seller-missing"
      {...(onOpen
        ? {
            action: (
              <Button size="small" onClick={onOpen} data-testid="seller-missing-open">
                {t('adminTax.seller.missingAction')}
              </Button>
            ),
          }
        : {})}
    />
  );
}
