/**
 * "Packing slip" and "Label" for some orders (an order's detail, the orders table's selection):
 * each one PDF of them all (docs/back-office.md "Shipments"), its button spinning while it is made;
 * a failure is told, the buttons stay.
 */
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import type { MessageKey } from '../../../i18n/core.ts';
import { useT } from '../../i18n.tsx';
import { downloadShippingDocs, type ShippingDocKind } from './shipping-docs.ts';

interface Props {
  orderNos: readonly string[];
  /** The buttons' words ("Packing slip" or "Packing slips") and test ids, by kind. */
  labels: Record<ShippingDocKind, MessageKey>;
  testIds: Record<ShippingDocKind, string>;
}

export function PrintDocsButtons({ orderNos, labels, testIds }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const [printing, setPrinting] = useState<ShippingDocKind | null>(null);
  const print = async (kind: ShippingDocKind) => {
    setPrinting(kind);
    try {
      await downloadShippingDocs(kind, [...orderNos]);
    } catch {
      void message.error(t('adminShipments.printFailed'));
    } finally {
      setPrinting(null);
    }
  };
  return (
    <Space wrap>
      {(['slip', 'label'] as const).map((kind) => (
        <Button key={kind} onClick={() => void print(kind)} loading={printing === kind} data-testid={testIds[kind]}>
          {t(labels[kind])}
        </Button>
      ))}
    </Space>
  );
}
