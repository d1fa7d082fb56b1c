/**
 * A table shown whole on its screen (an order's lines, payments and refunds, a settings grid, a
 * squad): small and never paged, and on a narrow screen it scrolls sideways below `width` (true:
 * as wide as its columns) rather than squeezing them. The paged lists are paged-table.tsx's.
 */
import { Table, type TableProps } from 'antd';

export type RowsTableProps<R> = Omit<TableProps<R>, 'size' | 'pagination' | 'scroll'> & {
  /** The narrowest the table is drawn before it scrolls sideways. */
  width?: number | true | undefined;
};

export function RowsTable<R extends object>({ width, ...props }: RowsTableProps<R>) {
  return <Table<R> size="small" pagination={false} {...(width === undefined ? {} : { scroll: { x: width } })} {...props} />;
}
