/** Two texts of a page, line by line (domain/content-pages.ts lineDiff): what changing `before` into `after` removes and adds, front matter included. */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { lineDiff, pageFile, type ContentPageText } from '../../../domain/content-pages.ts';
import { useT } from '../../i18n.tsx';

const MARKS = { same: ' ', added: '+', removed: '−' } as const;

export function DiffView({ before, after }: { before: ContentPageText; after: ContentPageText }) {
  const { t } = useT();
  const lines = useMemo(() => lineDiff(pageFile(before), pageFile(after)), [before, after]);
  const changed = lines.some((line) => line.kind !== 'same');
  if (!changed) return <Typography.Text type="secondary">{t('adminPages.noDifference')}</Typography.Text>;
  return (
    <>
      <Typography.Text type="secondary">{t('adminPages.diffLegend')}</Typography.Text>
      <pre className="admin-pages-diff" data-testid="page-diff" tabIndex={0}>
        {lines.map((line, index) => (
          <span key={index} className={`admin-pages-diff-${line.kind}`}>
            {MARKS[line.kind]} {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </>
  );
}
