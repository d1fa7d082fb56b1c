/** Small pieces the order screens share: status and payment tags, money in the shop's format, dates. */
import { Tag } from 'antd';
import type { PaymentState } from '../../../domain/back-office/orders.model.ts';
import { formatMoney, type CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useT } from '../../i18n.tsx';
import './orders.css';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending_payment: 'default',
  paid: 'blue',
  processing: 'purple',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'default',
  refunded: 'orange',
};

const PAYMENT_COLOURS: Record<PaymentState, string> = { unpaid: 'default', paid: 'green', partially_refunded: 'gold', refunded: 'orange' };

export function useStatusName(): (status: OrderStatus) => string {
  const { t } = useT();
  return (status) => t(`adminOrders.status.${status}` as MessageKey);
}

export function StatusTag({ status }: { status: OrderStatus }) {
  const name = useStatusName();
  return (
    <Tag color={STATUS_COLOURS[status]} data-status={status}>
      {name(status)}
    </Tag>
  );
}

/** `named`: says it is the payment's state, where no column heading does (beside the order's own status). */
export function PaymentTag({ state, named = false }: { state: PaymentState; named?: boolean }) {
  const { t } = useT();
  const name = t(`adminOrders.payment.${state}` as MessageKey);
  return (
    <Tag color={PAYMENT_COLOURS[state]} data-payment={state}>
      {named ? t('adminOrders.paymentNamed', { state: name }) : name}
    </Tag>
  );
}

/** Formats minor units in the back office's language (the shop's one formatter). */
export function useMoney(): (minor: number, currency: CurrencyCode) => string {
  const { locale } = useT();
  return (minor, currency) => formatMoney(minor, currency, locale);
}

export function useDateTime(): (iso: string | null | undefined) => string {
  const { locale } = useT();
  return (iso) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
}
