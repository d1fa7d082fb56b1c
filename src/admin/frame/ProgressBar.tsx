/**
 * The progress bar on screen changes and slow calls: the shop's own progress state
 * (stores/progress.ts: ease, speed 500), drawn in the theme colour.
 */
import { useStore } from '@nanostores/react';
import { $progress, PROGRESS_SPEED_MS } from '../../stores/progress.ts';

export function ProgressBar({ colour }: { colour: string }) {
  const { phase, value } = useStore($progress);
  return (
    <div
      className="admin-progress"
      aria-hidden="true"
      data-phase={phase}
      style={{
        background: colour,
        transform: `scaleX(${phase === 'idle' ? 0 : value})`,
        opacity: phase === 'running' ? 1 : 0,
        transition: `transform ${PROGRESS_SPEED_MS}ms ease, opacity ${PROGRESS_SPEED_MS}ms ease`,
      }}
    />
  );
}
