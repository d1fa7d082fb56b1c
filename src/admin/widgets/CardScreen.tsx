/**
 * A screen of one card (API tokens, roles): the screen's help line above, the card with its title
 * and the primary button that makes a new entry, then the screen's dialogs.
 */
import { Button, Card, Typography } from 'antd';
import type { ReactNode } from 'react';

interface CardScreenProps {
  help: string;
  title: string;
  create: { label: string; onClick: () => void; testId: string };
  /** The card's content (its table). */
  children: ReactNode;
  /** Drawn after the card (the screen's dialogs). */
  dialogs?: ReactNode;
}

export function CardScreen({ help, title, create, children, dialogs }: CardScreenProps) {
  return (
    <div className="admin-screen">
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <Card
        size="small"
        title={title}
        extra={
          <Button type="primary" onClick={create.onClick} data-testid={create.testId}>
            {create.label}
          </Button>
        }
      >
        {children}
      </Card>
      {dialogs}
    </div>
  );
}
