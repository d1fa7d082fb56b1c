/**
 * The dialog a write asks its details in (a move, a parcel, a bulk price, a moderation): antd's
 * Modal with the back office's footer, "Confirm" (or the screen's own word) and "Cancel", and the
 * confirm button spinning while the write runs. Everything else is the Modal's.
 */
import { Modal, type ModalProps } from 'antd';
import { useT } from '../i18n.tsx';

export type WriteDialogProps = Omit<ModalProps, 'confirmLoading'> & {
  /** The write is running: the confirm button spins. */
  pending: boolean;
};

export function WriteDialog({ pending, okText, cancelText, ...props }: WriteDialogProps) {
  const { t } = useT();
  return <Modal okText={okText ?? t('admin.common.confirm')} cancelText={cancelText ?? t('admin.common.cancel')} confirmLoading={pending} {...props} />;
}
