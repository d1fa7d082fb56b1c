/**
 * Review moderation (`review:moderate`): reviews newest first, filtered by state and product;
 * hiding asks for a reason (required), showing again for an optional one. A hidden review leaves
 * the product page, its count and its average at once (the server's review list reads visible
 * ones only).
 */
import { App, Button, Form, Input, InputNumber, Rate, Tag, Typography } from 'antd';
import { useState } from 'react';
import { adminReviewsApi } from '../../../domain/api/admin/reviews.ts';
import { REVIEW_STATES, type AdminReviewRow, type ReviewState } from '../../../domain/back-office/reviews.model.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { ChoiceFilter } from '../../widgets/FilterBar.tsx';
import { ListScreen, useListScreen } from '../../widgets/paged-table.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { useDateTime } from '../orders/labels.tsx';
import { useWrite } from '../../widgets/write.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';

export default function ReviewsScreen() {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const when = useDateTime();
  const [reasonForm] = Form.useForm<{ reason?: string }>();
  const [moderating, setModerating] = useState<{ review: AdminReviewRow; to: ReviewState } | null>(null);
  const screen = useListScreen(adminReviewsApi.reviewList);
  const moderate = useApiMutation(adminReviewsApi.moderateReview, [adminReviewsApi.reviewList]);

  return (
    <ListScreen
      screen={screen}
      filters={
        <>
          <ChoiceFilter name="state" label={t('adminReviews.state')} placeholder={t('adminReviews.anyState')} options={REVIEW_STATES.map((state) => ({ value: state, label: t(`adminReviews.states.${state}`) }))} testId="reviews-state" />
          <Form.Item name="productId">
            <InputNumber min={1} precision={0} style={{ width: 140 }} placeholder={t('adminReviews.productId')} aria-label={t('adminReviews.productId')} data-testid="reviews-product" />
          </Form.Item>
        </>
      }
      withReset
      rowKey="id"
      scroll={{ x: 960 }}
      columns={[
        { key: 'product', title: t('adminReviews.product'), render: (_v, row) => <span>{row.productTitle} <Typography.Text type="secondary">#{row.productId}</Typography.Text></span> },
        { key: 'author', title: t('adminReviews.author'), dataIndex: 'authorName' },
        { key: 'rating', title: t('adminReviews.rating'), dataIndex: 'rating', render: (rating: number) => <Rate disabled value={rating} style={{ fontSize: 12 }} aria-label={String(rating)} />, width: 130 },
        {
          key: 'text',
          title: t('adminReviews.text'),
          dataIndex: 'content',
          render: (content: string, row) => (
            <div style={{ maxWidth: 360 }}>
              <Typography.Paragraph ellipsis={{ rows: 3, expandable: true, symbol: '…' }} style={{ marginBottom: 0 }}>
                {content}
              </Typography.Paragraph>
              {row.reason && <Typography.Text type="secondary">{t('adminReviews.lastReason', { reason: row.reason })}</Typography.Text>}
            </div>
          ),
        },
        { key: 'state', title: t('adminReviews.state'), dataIndex: 'state', render: (state: ReviewState) => <Tag color={state === 'visible' ? 'green' : 'default'}>{t(`adminReviews.states.${state}`)}</Tag> },
        { key: 'createdAt', title: t('adminReviews.createdAt'), dataIndex: 'createdAt', render: (at: string) => when(at) },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          render: (_v, row) =>
            row.state === 'visible' ? (
              <Button size="small" danger onClick={() => { reasonForm.resetFields(); setModerating({ review: row, to: 'hidden' }); }} data-testid={`review-hide-${row.id}`}>
                {t('adminReviews.hide')}
              </Button>
            ) : (
              <Button size="small" onClick={() => { reasonForm.resetFields(); setModerating({ review: row, to: 'visible' }); }} data-testid={`review-show-${row.id}`}>
                {t('adminReviews.show')}
              </Button>
            ),
        },
      ]}
      data-testid="reviews-table"
    >
    <WriteDialog
      open={moderating !== null}
      title={moderating?.to === 'hidden' ? t('adminReviews.hideTitle') : t('adminReviews.showTitle')}
      okButtonProps={{ danger: moderating?.to === 'hidden' }}
      pending={moderate.isPending}
      onCancel={() => setModerating(null)}
      onOk={async () => {
        if (!moderating) return;
        const valid = await validFields(reasonForm);
        if (!valid) return;
        const { reason } = valid;
        const text = reason?.trim();
        await write(async () => {
          await moderate.mutateAsync(moderating.to === 'hidden' ? { id: moderating.review.id, state: 'hidden', reason: text ?? '' } : { id: moderating.review.id, state: 'visible', ...(text ? { reason: text } : {}) });
          void message.success(t('admin.common.done'));
          setModerating(null);
        });
      }}
      destroyOnHidden
    >
      {moderating && <Typography.Paragraph type="secondary">“{moderating.review.content}”</Typography.Paragraph>}
      <Form form={reasonForm} layout="vertical">
        <Form.Item
          name="reason"
          label={moderating?.to === 'hidden' ? t('admin.common.reason') : t('adminReviews.reasonOptional')}
          rules={moderating?.to === 'hidden' ? [{ required: true, whitespace: true, message: t('adminReviews.reasonRequired') }] : []}
        >
          <Input.TextArea maxLength={500} rows={3} data-testid="review-reason" />
        </Form.Item>
      </Form>
    </WriteDialog>
    </ListScreen>
  );
}
