/** The icons the route table names (domain/admin-routes.model.ts `icon`), by name. */
import { AppstoreOutlined, AuditOutlined, DashboardOutlined, PrinterOutlined, SettingOutlined, ShoppingOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  orders: <ShoppingOutlined />,
  print: <PrinterOutlined />,
  audit: <AuditOutlined />,
  staff: <TeamOutlined />,
  operations: <AppstoreOutlined />,
  system: <SettingOutlined />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? (ICONS[name] ?? null) : null;
}
