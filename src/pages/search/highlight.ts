/**
 * Search hits carry `<B>…</B>` around matched terms (Lucene's highlighter style). They are split into text parts
 * and rendered as text, never as HTML: a snippet is code from a note and may contain anything.
 */

export interface Part {
  text: string;
  hit: boolean;
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

const decode = (s: string): string => s.replace(/&(lt|gt|quot|#39|amp);/g, (m) => ENTITIES[m]);

export function highlightParts(s: string | undefined): Part[] {
  const parts: Part[] = [];
  let hit = false;
  for (const piece of (s ?? '').split(/(<\/?b>)/i)) {
    if (/^<b>$/i.test(piece)) hit = true;
    else if (/^<\/b>$/i.test(piece)) hit = false;
    else if (piece) parts.push({ text: decode(piece), hit });
  }
  return parts;
}

/** A paragraph hit opens the note at that paragraph with the term to highlight; a note hit opens the note. */
export function hitHref(id: string, term: string): string {
  const [noteId, paragraphId] = id.split('/paragraph/');
  return paragraphId
    ? `#/notebook/${noteId}?paragraph=${encodeURIComponent(paragraphId)}&term=${encodeURIComponent(term)}`
    : `#/notebook/${noteId}`;
}
