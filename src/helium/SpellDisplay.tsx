/**
 * A result whose type is a spell's magic (`%flowchart`): what a spell that draws into the page answered, kept as its
 * magic and text. Drawn as Zeppelin draws it for every viewer: the spell runs again as a display, and each part of
 * its answer is shown, an ELEMENT part by calling it with the id of an element made for it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectHeliumPackages } from '../../slices/helium';
import type { ResultMessage } from '../../protocol';
import { useHeliumRegistry } from './HeliumContext';

interface Part {
  type?: string;
  data: unknown;
}

type ParsedSpellResult = { getAllParsedDataWithTypes(known: unknown): Promise<Part[]> };

function ElementPart({ id, draw }: { id: string; draw: (id: string) => unknown }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    try {
      draw(id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [id, draw]);
  return (
    <>
      {error && <pre role="alert" className="result-message">{error}</pre>}
      <div id={id} className="helium-spell-element" />
    </>
  );
}

export function SpellDisplay({ magic, text, domId, renderPart }: {
  magic: string; text: string; domId: string; renderPart(part: ResultMessage, i: number): ReactNode;
}) {
  const registry = useHeliumRegistry();
  useSyncExternalStore(registry.subscribe, registry.version);
  const spell = registry.spells().find((s) => s.magic === magic);
  const config = useAppSelector(selectHeliumPackages).find((p) => p.name === spell?.name)?.config;
  const [parts, setParts] = useState<Part[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useRef(0);

  useEffect(() => {
    if (!spell) return;
    const mine = ++run.current;
    try {
      const answer = spell.spell.interpret(text.trim(), config ?? {}) as ParsedSpellResult;
      void answer.getAllParsedDataWithTypes(registry.spellsByMagic()).then(
        (p) => { if (run.current === mine) { setParts(p); setError(null); } },
        (e: unknown) => { if (run.current === mine) setError(e instanceof Error ? e.message : String(e)); },
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [spell, text, config, registry]);

  if (!spell) return <pre className="result-raw" data-spell={magic}>{text}</pre>;
  if (error) return <pre role="alert" className="result-message">{error}</pre>;
  return (
    <div className="helium-spell-display" data-spell={magic}>
      {(parts ?? []).map((p, i) => (typeof p.data === 'function'
        ? <ElementPart key={i} id={`${domId}_${i}`} draw={p.data as (id: string) => unknown} />
        : <div key={i}>{renderPart({ type: p.type ?? 'TEXT', data: p.data === undefined || p.data === null ? '' : String(p.data) }, i)}</div>))}
    </div>
  );
}
