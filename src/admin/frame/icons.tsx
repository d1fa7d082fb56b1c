/** The icons the route table names (domain/back-office/routes.model.ts `icon`), by name; decorative, the text beside them names the entry. */
import { ApartmentOutlined, ApiOutlined, KeyOutlined, AppstoreOutlined, AccountBookOutlined, AuditOutlined, BarChartOutlined, BookOutlined, ControlOutlined, DashboardOutlined, FileTextOutlined, GiftOutlined, MailOutlined, MessageOutlined, PrinterOutlined, RollbackOutlined, SettingOutlined, ShoppingOutlined, SkinOutlined, StarOutlined, TagsOutlined, TeamOutlined, TrophyOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  orders: <ShoppingOutlined aria-hidden />,
  taxes: <AccountBookOutlined aria-hidden />,
  reports: <BarChartOutlined aria-hidden />,
  print: <PrinterOutlined aria-hidden />,
  returns: <RollbackOutlined aria-hidden />,
  audit: <AuditOutlined aria-hidden />,
  staff: <TeamOutlined aria-hidden />,
  operations: <AppstoreOutlined aria-hidden />,
  system: <SettingOutlined aria-hidden />,
  products: <SkinOutlined aria-hidden />,
  catalogue: <BookOutlined aria-hidden />,
  teams: <TrophyOutlined aria-hidden />,
  extras: <StarOutlined aria-hidden />,
  navigation: <ApartmentOutlined aria-hidden />,
  customers: <UserOutlined aria-hidden />,
  reviews: <MessageOutlined aria-hidden />,
  newsletter: <MailOutlined aria-hidden />,
  marketing: <GiftOutlined aria-hidden />,
  coupons: <TagsOutlined aria-hidden />,
  pages: <FileTextOutlined aria-hidden />,
  settings: <ControlOutlined aria-hidden />,
  integrations: <ApiOutlined aria-hidden />,
  'api-tokens': <KeyOutlined aria-hidden />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? (ICONS[name] ?? null) : null;
}
