import type { RootState } from '../../../../slices/rootReducer';
import type { ParagraphResults, ResultConfig } from '../../../../protocol';
import { useAppSelector } from '../../../app/hooks';
import { useFrameSelector } from '../hooks';
import { isRunning } from '../../../../slices/domain/noteModel';
import { ResultBlock } from './ResultBlock';
import { AppBar, AppOutput, useParagraphApps } from './ParagraphApps';

const NO_CONFIG: Record<string, ResultConfig> = {};

/**
 * A paragraph's results. While it runs they are read at most once per frame, so that streaming output paints in
 * batches; otherwise at once, so a run's final result is drawn in the same render as its new status, not a frame
 * after it.
 */
export function ResultsArea({ paragraphId, title, readOnly, onDoubleClick }: {
  paragraphId: string; title: string; readOnly: boolean; onDoubleClick?: () => void;
}) {
  const status = useAppSelector((s) => s.paragraphs.entities[paragraphId]?.status);
  const running = isRunning(status);
  const streamed = useFrameSelector((s: RootState): ParagraphResults | undefined => s.paragraphs.entities[paragraphId]?.results);
  const settled = useAppSelector((s) => (running ? undefined : s.paragraphs.entities[paragraphId]?.results));
  const results = running ? streamed : settled;
  const dateFinished = useAppSelector((s) => s.paragraphs.entities[paragraphId]?.dateFinished);
  // Exports are named from the paragraph's own title, not the "Paragraph N" caption shown for an untitled one.
  const exportTitle = useAppSelector((s) => s.paragraphs.entities[paragraphId]?.title);
  const configs = useAppSelector((s) => s.paragraphs.entities[paragraphId]?.config?.results ?? NO_CONFIG);
  const { apps, active } = useParagraphApps(paragraphId);
  const msgs = results?.msg ?? [];
  if (msgs.length === 0 && apps.length === 0) return null;
  return (
    <div className="paragraph-results" aria-label={`Output of ${title}`} role="region" onDoubleClick={onDoubleClick}>
      <AppBar paragraphId={paragraphId} apps={apps} active={active} readOnly={readOnly} />
      {active ? <AppOutput app={active} paragraphId={paragraphId} /> : msgs.map((m, i) => (
        <ResultBlock key={i} m={m} paragraphId={paragraphId} index={i} config={configs[String(i)]} streaming={running}
          title={title} exportTitle={exportTitle || undefined} readOnly={readOnly} status={status} dateFinished={dateFinished} />
      ))}
    </div>
  );
}
