/** Copy and download of the rows the grid shows (all pages, in the current sort, filtered, visible columns). */
import { useEffect, useRef, useState } from 'react';
import type { Cell } from '../types';
import { copyText, downloadText, exportFileName, toDelimited, type ExportFormat } from './exportTable';

interface Props {
  header(): string[];
  rows(): (Cell | undefined)[][];
  title?: string;
  dateFinished?: string;
}

/** How long the copy tooltip stays up. */
const TOOLTIP_MS = 1500;

export function ExportButtons({ header, rows, title, dateFinished }: Props) {
  const [tip, setTip] = useState<{ format: ExportFormat; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  const copy = async (format: ExportFormat) => {
    const text = await copyText(toDelimited(header(), rows(), format));
    setTip({ format, text });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setTip(null), TOOLTIP_MS);
  };
  const download = (format: ExportFormat) => downloadText(toDelimited(header(), rows(), format), exportFileName(title, dateFinished, format), format);
  return (
    <span className="grid-export">
      <button type="button" onClick={() => download('csv')}>Download as CSV</button>
      <button type="button" onClick={() => download('tsv')}>Download as TSV</button>
      {(['csv', 'tsv'] as const).map((f) => (
        <span key={f} className="grid-copy">
          <button type="button" onClick={() => void copy(f)} aria-describedby={tip?.format === f ? `copy-tip-${f}` : undefined}>
            {f === 'csv' ? 'Copy as CSV' : 'Copy as TSV'}
          </button>
          {tip?.format === f && <span role="tooltip" id={`copy-tip-${f}`} className="tooltip">{tip.text}</span>}
        </span>
      ))}
    </span>
  );
}
