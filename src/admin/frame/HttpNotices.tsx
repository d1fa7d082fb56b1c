/**
 * The HTTP layer's notices (docs/api.md "Codes") drawn with antd: error toasts from the shop's
 * toast store as messages (the store keeps its dedupe rules), and the modal logout (7777/7778)
 * as a dialog that cannot be dismissed and resets the session when confirmed.
 */
import { useStore } from '@nanostores/react';
import { App, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import type { MessageKey } from '../../i18n/core.ts';
import { $logoutNotices, confirmLogoutNotice } from '../../stores/logout-dialog.ts';
import { $toasts, dismissToast } from '../../stores/toasts.ts';
import { useT } from '../i18n.tsx';

export function HttpNotices() {
  const { t } = useT();
  const { message } = App.useApp();
  const toasts = useStore($toasts);
  const notices = useStore($logoutNotices);
  const shown = useRef(new Set<number>());

  useEffect(() => {
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      const text = toast.text ?? t(`admin.${toast.textKey ?? 'errors.generic'}` as MessageKey);
      const show = toast.kind === 'error' ? message.error : toast.kind === 'success' ? message.success : message.info;
      void show({ content: text, key: `toast-${toast.id}`, duration: (toast.durationMs ?? 6000) / 1000, onClose: () => dismissToast(toast.id) });
    }
  }, [toasts, message, t]);

  const notice = notices[0];
  return (
    <Modal
      open={notice !== undefined}
      title={t('admin.logout.modalTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('admin.common.ok')}
      onOk={() => notice && confirmLogoutNotice(notice.id)}
    >
      {notice?.message || t('admin.logout.fallback')}
    </Modal>
  );
}
