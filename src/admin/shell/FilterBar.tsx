/**
 * The filter form above a list (audit, orders, staff). Its fields are applied only by the apply
 * button or Enter, so a half-typed filter stays as typed, also while another tab shows (the tab
 * cache keeps the screen mounted). Reset, where offered, empties the fields and applies that.
 */
import { Button, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../i18n.tsx';

interface FilterBarProps<V> {
  form: FormInstance<V>;
  onApply: (values: V) => void;
  /** Given: a reset button, which empties the fields, then calls this. */
  onReset?: () => void;
  /** Default "Search" and "Reset". */
  applyLabel?: string;
  resetLabel?: string;
  applyTestId?: string;
  /** Buttons before apply and after reset. */
  before?: ReactNode;
  after?: ReactNode;
  className?: string;
  testId?: string;
  /** The fields: `Form.Item`s named after the values. */
  children: ReactNode;
}

export function FilterBar<V>({ form, onApply, onReset, applyLabel, resetLabel, applyTestId, before, after, className, testId, children }: FilterBarProps<V>) {
  const { t } = useT();
  return (
    <Form<V> form={form} layout="inline" className={className ? `admin-filters ${className}` : 'admin-filters'} onFinish={onApply} data-testid={testId}>
      {children}
      <Space wrap>
        {before}
        <Button type="primary" htmlType="submit" data-testid={applyTestId}>
          {applyLabel ?? t('admin.common.search')}
        </Button>
        {onReset && (
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {resetLabel ?? t('admin.common.reset')}
          </Button>
        )}
        {after}
      </Space>
    </Form>
  );
}
