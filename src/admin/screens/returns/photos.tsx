/**
 * A claim's photos in the back office: fetched with the staff member's token (an <img> link would
 * carry none, and the photos are never public) and shown from blob URLs, each opening larger.
 */
import { Image, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../client/http.ts';
import { apiBase, currentAccessToken } from '../../../client/request-context.ts';
import { adminReturnsApi } from '../../../domain/api/admin/returns.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import { photoPath } from '../../../domain/api/returns.ts';
import { useT } from '../../i18n.tsx';

async function fetchPhoto(returnNo: string, id: number): Promise<string | null> {
  const token = currentAccessToken();
  const response = await fetch(`${apiBase()}${photoPath(adminReturnsApi.photo, { returnNo, id })}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  // Only a WebP is shown: the server answers nothing else, and anything else is not drawn.
  if (!response.ok || response.headers.get('content-type') !== 'image/webp') return null;
  return URL.createObjectURL(await response.blob());
}

export function ReturnPhotos({ returnNo, ids }: { returnNo: string; ids: number[] }) {
  const { t } = useT();
  const [urls, setUrls] = useState<(string | null)[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    void (async () => {
      // The ping lets the HTTP layer renew an expired token first.
      await call(adminStaffApi.ping, undefined, { silent: true }).catch(() => undefined);
      const found = await Promise.all(ids.map((id) => fetchPhoto(returnNo, id).catch(() => null)));
      made.push(...found.filter((u): u is string => u !== null));
      if (live) setUrls(found);
    })();
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [returnNo, key]);
  if (ids.length === 0) return <Typography.Text type="secondary">{t('adminReturns.detail.noPhotos')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap data-testid="return-photos">
        {ids.map((id, i) =>
          urls[i] ? (
            <Image key={id} src={urls[i]!} width={120} height={120} style={{ objectFit: 'cover' }} alt={t('adminReturns.detail.photoAlt', { n: i + 1 })} data-testid="return-photo" />
          ) : (
            <div key={id} className="admin-return-photo-empty" aria-busy={urls.length === 0}>
              {urls.length === 0 ? '…' : t('adminReturns.detail.photoFailed')}
            </div>
          ),
        )}
      </Space>
    </Image.PreviewGroup>
  );
}
