import { useLayoutEffect, useRef, useState } from 'react';
import { TerminalRenderer } from './terminalText';

/**
 * Text output is drawn imperatively: appended lines are added to the DOM, not re-rendered as one big string. Each
 * batch of complete lines goes into its own block, so the browser lays out only the new block, not every line
 * again (one growing run of inline text is laid out whole on each append). A chunk ends with its newline, which a
 * block does not draw as an extra line.
 */
export function TextResult({ data, streaming }: { data: string; streaming: boolean }) {
  const stableRef = useRef<HTMLDivElement>(null);
  const tailRef = useRef<HTMLSpanElement>(null);
  const boxRef = useRef<HTMLPreElement>(null);
  const renderer = useRef<TerminalRenderer | null>(null);
  const [follow, setFollow] = useState(true);
  const [long, setLong] = useState(false);

  useLayoutEffect(() => {
    const stable = stableRef.current;
    const tail = tailRef.current;
    const box = boxRef.current;
    if (!stable || !tail || !box) return;
    renderer.current ??= new TerminalRenderer();
    const u = renderer.current.update(data);
    if (u.kind === 'reset') stable.innerHTML = u.stableHtml;
    else if (u.stableHtml) stable.insertAdjacentHTML('beforeend', `<div class="result-text-chunk">${u.stableHtml}</div>`);
    tail.innerHTML = u.tailHtml;
    const isLong = box.scrollHeight > box.clientHeight + 1;
    setLong(isLong);
    if (follow && streaming && isLong) box.scrollTop = box.scrollHeight;
  }, [data, follow, streaming]);

  return (
    <div className="result-text">
      {long && (
        <div className="result-text-tools">
          <button type="button" aria-pressed={follow} onClick={() => setFollow(!follow)}>Follow Output</button>
          <button type="button" onClick={() => { setFollow(false); if (boxRef.current) boxRef.current.scrollTop = 0; }}>Scroll Top</button>
        </div>
      )}
      <pre className="result-text-body" ref={boxRef} data-testid="text-result" tabIndex={0} aria-label="Text output"><div ref={stableRef} /><span ref={tailRef} /></pre>
    </div>
  );
}
