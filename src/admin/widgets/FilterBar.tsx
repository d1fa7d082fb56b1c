/**
 * The filter form above a list (audit, orders, staff). Its fields are applied only by the apply
 * button or Enter, so a half-typed filter stays as typed, also while another tab shows (the tab
 * cache keeps the screen mounted). Reset, where offered, empties the fields and applies that.
 */
import { Button, Form, Select, Space, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
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
  /** On phones the bar shows its first field only until "more filters" unfolds it (the labels given). */
  foldable?: { more: string; fewer: string };
  testId?: string;
  /** The fields: `Form.Item`s named after the values. */
  children: ReactNode;
}

export function FilterBar<V>({ form, onApply, onReset, applyLabel, resetLabel, applyTestId, before, after, className, foldable, testId, children }: FilterBarProps<V>) {
  const { t } = useT();
  const [folded, setFolded] = useState(true);
  const classes = ['admin-filters', className, foldable ? 'is-foldable' : null, foldable && folded ? 'is-folded' : null].filter(Boolean).join(' ');
  return (
    <Form<V> form={form} layout="inline" className={classes} onFinish={onApply} data-testid={testId}>
      {children}
      <Space wrap>
        {foldable && (
          <Button className="admin-filters-toggle" onClick={() => setFolded((value) => !value)} aria-expanded={!folded}>
            {folded ? foldable.more : foldable.fewer}
          </Button>
        )}
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

interface ChoiceFilterProps {
  /** The filter's field (its request's name). */
  name: string;
  label: string;
  /** What the empty field says ("Any status"); the label by default. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  /** Long lists: typing narrows them. */
  searchable?: boolean;
  minWidth?: number;
  testId?: string;
}

/** One choice of a filter bar, cleared to mean "any". */
export function ChoiceFilter({ name, label, placeholder, options, searchable = false, minWidth = 130, testId }: ChoiceFilterProps) {
  return (
    <Form.Item name={name}>
      <Select allowClear showSearch={searchable} style={{ minWidth }} placeholder={placeholder ?? label} aria-label={label} options={[...options]} data-testid={testId} />
    </Form.Item>
  );
}

/** A yes/no filter's value in the form ('yes' / 'no'); empty means either. The request takes a boolean. */
export type YesNo = 'yes' | 'no';

interface YesNoFilterProps {
  name: string;
  label: string;
  /** The words of the empty field and of the two choices. */
  any: string;
  yes: string;
  no: string;
  testId?: string;
}

/** A filter that is yes, no, or cleared for either (personalised orders, published products). */
export function YesNoFilter({ name, label, any, yes, no, testId }: YesNoFilterProps) {
  const options: { value: YesNo; label: string }[] = [
    { value: 'yes', label: yes },
    { value: 'no', label: no },
  ];
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear placeholder={any} style={{ width: 100 }} options={options} data-testid={testId} />
    </Form.Item>
  );
}
