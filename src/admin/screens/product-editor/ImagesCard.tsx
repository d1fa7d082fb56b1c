/** The editor's images: upload (JPEG, PNG or WebP), reorder and remove, each saved at once. */
import { App, Button, Space, Typography, Upload } from 'antd';
import { call, mediaUrl } from '../../../client/http.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { IMAGE_MAX_BYTES, type AdminProduct, type AdminProductImage } from '../../../domain/back-office/products.model.ts';
import { useState } from 'react';
import { useT } from '../../i18n.tsx';
import { base64Of } from '../../widgets/file-bodies.ts';
import { useWrite } from '../../widgets/write.ts';


export function ImagesCard({ product, canEdit, onChanged }: { product: AdminProduct | null; canEdit: boolean; onChanged: (images: AdminProductImage[]) => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  if (!product) return <Typography.Text type="secondary">{t('adminProducts.editor.saveFirst')}</Typography.Text>;
  const images = product.images;
  const apply = (work: Promise<AdminProductImage[]>) => write(async () => onChanged(await work));
  const move = (index: number, by: -1 | 1) => {
    const hashes = images.map((image) => image.hash);
    const [moved] = hashes.splice(index, 1);
    hashes.splice(index + by, 0, moved!);
    void apply(call(adminProductsApi.orderImages, { productId: product.id, hashes }));
  };
  const upload = async (file: File) => {
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('adminProducts.editor.imagesHint'));
      return;
    }
    // Reading the file is the first half of the bar, the call the second.
    setUploading({ name: file.name, percent: 10 });
    await write(async () => {
      const data = await base64Of(file);
      setUploading({ name: file.name, percent: 50 });
      onChanged(await call(adminProductsApi.uploadImage, { productId: product.id, data }));
      void message.success(t('adminProducts.editor.uploaded'));
    });
    setUploading(null);
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('adminProducts.editor.imagesHint')}</Typography.Paragraph>
      {canEdit && (
        <Upload
          accept="image/jpeg,image/png,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button loading={uploading !== null} data-testid="product-image-upload">
            {t('adminProducts.editor.upload')}
          </Button>
        </Upload>
      )}
      {uploading && (
        <div role="status" className="admin-upload-progress">
          <Typography.Text>{t('adminProducts.editor.uploading', { name: uploading.name })}</Typography.Text>
          <progress max={100} value={uploading.percent} style={{ width: '100%' }} />
        </div>
      )}
      {images.length === 0 ? (
        <ul className="admin-image-list" aria-label={t('adminProducts.editor.artShown')}>
          {product.art.slice(0, 2).map((src) => (
            <li key={src} className="admin-image-tile">
              <img src={mediaUrl(src)} alt="" width={100} height={110} />
            </li>
          ))}
          <li className="admin-image-tile">
            <Typography.Text type="secondary">{t('adminProducts.editor.artShown')}</Typography.Text>
          </li>
        </ul>
      ) : (
        <ul className="admin-image-list" data-testid="product-images">
          {images.map((image, index) => (
            <li key={image.hash} className="admin-image-tile">
              <img src={mediaUrl(image.thumbUrl)} alt="" width={100} height={110} />
              {canEdit && (
                <Space size={0}>
                  <Button size="small" type="text" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('adminProducts.editor.moveLeft')}>
                    ←
                  </Button>
                  <Button size="small" type="text" disabled={index === images.length - 1} onClick={() => move(index, 1)} aria-label={t('adminProducts.editor.moveRight')}>
                    →
                  </Button>
                  <Button size="small" type="text" danger onClick={() => void apply(call(adminProductsApi.removeImage, { productId: product.id, hash: image.hash }))}>
                    {t('adminProducts.editor.remove')}
                  </Button>
                </Space>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
