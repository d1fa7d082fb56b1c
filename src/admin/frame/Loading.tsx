/** What shows while a screen's chunk or its first data loads. */
import { Spin } from 'antd';

export function Loading() {
  return (
    <div className="admin-loading" role="status">
      <Spin size="large" />
    </div>
  );
}
