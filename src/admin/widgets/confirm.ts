/**
 * A back-office write that asks first: "Tip" (or the given title) with the question, then the
 * write, then its "done" message. A failure is reported as every write's is (write.ts), and the
 * dialog closes either way.
 */
import { App } from 'antd';
import { useT } from '../i18n.tsx';
import { useWrite } from './write.ts';

export interface Question {
  content: string;
  done: string;
  title?: string;
}

export function useConfirmedWrite() {
  const { t } = useT();
  const { modal, message } = App.useApp();
  const run = useWrite();
  return (question: Question, write: () => Promise<unknown>) =>
    modal.confirm({
      title: question.title ?? t('admin.logout.tip'),
      content: question.content,
      okText: t('admin.common.confirm'),
      cancelText: t('admin.common.cancel'),
      onOk: () =>
        run(async () => {
          await write();
          void message.success(question.done);
        }),
    });
}
