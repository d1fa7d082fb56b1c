/**
 * What a staff member sees instead of the back office while the owner requires two-step sign-in
 * and they have none (every other call would answer 1427): the set-up, alone in the standalone frame
 * (language, scheme and the user menu's logout). `onDone` once the recovery codes were put away.
 */
import { Card, Typography } from 'antd';
import { useT } from '../../i18n.tsx';
import { StandaloneFrame } from '../../frame/StandaloneFrame.tsx';
import { TwoStepPanel } from './TwoStepPanel.tsx';

export function EnrolFirst({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  return (
    <StandaloneFrame>
      <Card className="admin-two-step-card" data-testid="two-step-required">
        <Typography.Title level={3}>{t('adminTwoStep.title')}</Typography.Title>
        <TwoStepPanel onEnabled={onDone} />
      </Card>
    </StandaloneFrame>
  );
}
