/** A run of a line's text in one token colour (Monaco's `mtk*` classes), or plain when it has no class. */
export interface TextRun {
  text: string;
  className?: string;
}

const TOKEN_CLASS = /^mtk(\d+|[ibsu])$/;
const ELEMENT = 1;
const TEXT = 3;

function runsOf(node: Node, line: TextRun[], lines: TextRun[][]): TextRun[] {
  let current = line;
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeName === 'BR') {
      current = [];
      lines.push(current);
    } else if (child.nodeType === TEXT) {
      current.push({ text: child.textContent ?? '' });
    } else if (child.nodeType === ELEMENT && Array.from(child.childNodes).every((c) => c.nodeType === TEXT)) {
      const classes = Array.from((child as Element).classList).filter((c) => TOKEN_CLASS.test(c));
      current.push({ text: child.textContent ?? '', className: classes.join(' ') || undefined });
    } else if (child.nodeType === ELEMENT) {
      current = runsOf(child, current, lines);
    }
  }
  return current;
}

/**
 * Monaco's colorizer answers with HTML: each line's tokens as spans with `mtk*` classes, a <br> after each line. It is
 * read in an inert document (DOMParser runs no script and loads nothing), and only class names and texts are kept;
 * the page never inserts the HTML. Each line is checked against the text itself: a line whose runs do not spell it
 * (the colorizer expands tabs) stays one plain run.
 */
export function colorizedLines(html: string, text: string): TextRun[][] {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const first: TextRun[] = [];
  const found: TextRun[][] = [first];
  runsOf(doc.body, first, found);
  return text.split('\n').map((line, i) => {
    const runs = (found[i] ?? []).map((r) => ({ ...r, text: r.text.replace(/\u00a0/g, ' ') })).filter((r) => r.text);
    return runs.map((r) => r.text).join('') === line ? runs : [{ text: line }];
  });
}

/** The text as plain runs, one line each, for when it is not coloured (yet). */
export const plainLines = (text: string): TextRun[][] => text.split('\n').map((line) => [{ text: line }]);
