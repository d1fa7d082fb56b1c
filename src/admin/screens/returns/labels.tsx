/** How the Returns screen shows a request's state and kind. */
import { Tag } from 'antd';
import type { ReturnKind, ReturnStatus } from '../../../domain/returns.model.ts';
import { useT } from '../../i18n.tsx';

export const STATUS_COLOURS: Record<ReturnStatus, string> = { requested: 'gold', approved: 'blue', declined: 'default', received: 'cyan', resolved: 'green' };

export function KindTag({ kind }: { kind: ReturnKind }) {
  const { t } = useT();
  return <Tag color={kind === 'claim' ? 'magenta' : 'geekblue'}>{t(`adminReturns.kinds.${kind}`)}</Tag>;
}
