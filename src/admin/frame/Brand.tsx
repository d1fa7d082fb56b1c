/** The shop's logo and name, with "back office" beside it unless the sider is folded. */
import { useT } from '../i18n.tsx';

export function Brand({ collapsed, height }: { collapsed: boolean; height: number }) {
  const { t } = useT();
  return (
    <div className="admin-brand" style={{ height }}>
      <img src={`${import.meta.env.BASE_URL}images/logo.svg`} alt="" width={28} height={28} />
      {!collapsed && (
        <span>
          {t('admin.brand')} <small>{t('admin.brandSuffix')}</small>
        </span>
      )}
    </div>
  );
}
