import { useLayoutEffect, useRef, useState } from 'react';
import { TerminalRenderer } from './terminalText';

/** Text output is drawn imperatively: appended lines are added to the DOM, not re-rendered as one big string. */
export function TextResult({ data, streaming }: { data: string; streaming: boolean }) {
  const stableRef = useRef<HTMLSpanElement>(null);
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
    else if (u.stableHtml) stable.insertAdjacentHTML('beforeend', u.stableHtml);
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
      <pre className="result-text-body" ref={boxRef} data-testid="text-result"><span ref={stableRef} /><span ref={tailRef} /></pre>
    </div>
  );
}
