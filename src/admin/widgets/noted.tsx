/**
 * A value with a quieter line under it (a role and its description, a webhook's address and its
 * note, a delivery's state and its next try): in a table cell the two read as one entry.
 */
import { Space, Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

export function Noted({ note, children }: { note: ReactNode; children: ReactNode }) {
  return (
    <Space direction="vertical" size={0}>
      {children}
      {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
    </Space>
  );
}

/** A column of such cells: the row's value, and its note where it has one (none: falsy). */
export function notedColumn<R>(key: string, title: string, value: (row: R) => ReactNode, note: (row: R) => ReactNode): TableColumnType<R> {
  return { key, title, render: (_value, row) => <Noted note={note(row)}>{value(row)}</Noted> };
}
