/**
 * %network results on cytoscape: a force layout stopped after the time-out, zoom limited to 1–10, labels only from
 * zoom 1.3 on, and a property panel for the node or edge the user selects.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import CytoscapeComponent from 'react-cytoscapejs';
import type { Core, LayoutOptions, StylesheetJsonBlock } from 'cytoscape';
import {
  CHARGE, itemProperties, LABEL_MIN_SCALE, LAYOUT_TIMEOUT_MS, LINK_DISTANCE, MAX_ZOOM, MIN_ZOOM, NODE_FONT_SIZE, toElements,
  type NetworkData,
} from './networkData';

/** cose's node repulsion for the spec's charge; cose counts repulsion in its own units, about 100 per unit of charge. */
export const layoutOptions = (): LayoutOptions => ({
  name: 'cose',
  animate: false,
  idealEdgeLength: () => LINK_DISTANCE,
  nodeRepulsion: () => Math.abs(CHARGE) * 100,
  fit: true,
  padding: 20,
} as LayoutOptions);

export function networkStyle(directed: boolean): StylesheetJsonBlock[] {
  return [
    {
      selector: 'node',
      style: {
        'background-color': 'data(color)', label: 'data(label)', 'font-size': NODE_FONT_SIZE,
        // Cytoscape hides a label when font size × zoom is below this, which puts the threshold at zoom 1.3.
        'min-zoomed-font-size': NODE_FONT_SIZE * LABEL_MIN_SCALE, width: 16, height: 16,
      },
    },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#333' } },
    {
      selector: 'edge',
      style: {
        width: 1.5, 'line-color': '#999', 'curve-style': 'bezier', label: 'data(label)', 'font-size': NODE_FONT_SIZE - 2,
        'min-zoomed-font-size': NODE_FONT_SIZE * LABEL_MIN_SCALE, 'target-arrow-shape': directed ? 'triangle' : 'none', 'target-arrow-color': '#999',
      },
    },
    { selector: 'edge:selected', style: { 'line-color': '#333', width: 3 } },
  ];
}

export function NetworkView({ data, height }: { data: NetworkData; height: number }) {
  const elements = useMemo(() => toElements(data), [data]);
  const [selected, setSelected] = useState<{ kind: 'node' | 'edge'; id: string } | null>(null);
  const cyRef = useRef<Core | null>(null);
  const stylesheet = useMemo(() => networkStyle(data.directed), [data.directed]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const layout = cy.layout(layoutOptions());
    const stop = setTimeout(() => layout.stop(), LAYOUT_TIMEOUT_MS);
    layout.run();
    return () => { clearTimeout(stop); layout.stop(); };
  }, [elements]);

  const props = selected ? itemProperties(data, selected.kind, selected.id) : null;
  return (
    <div className="network-view">
      {/* Cytoscape caches where its canvas is on the page and refreshes that on scroll and resize only: when
          something above the result changes height, clicks would land on the wrong element. Refresh it as the
          pointer comes in and before a press reaches cytoscape. */}
      <div className="network-canvas" data-testid="network" style={{ height }} role="img"
        aria-label={`Network of ${data.nodes.length} nodes and ${data.edges.length} edges`}
        onMouseEnter={() => cyRef.current?.resize()} onMouseDownCapture={() => cyRef.current?.resize()}>
        <CytoscapeComponent elements={elements} stylesheet={stylesheet} minZoom={MIN_ZOOM} maxZoom={MAX_ZOOM}
          style={{ width: '100%', height: '100%' }} boxSelectionEnabled={false}
          cy={(cy: Core) => {
            if (cyRef.current === cy) return;
            cyRef.current = cy;
            cy.on('select', 'node, edge', (e) => setSelected({ kind: e.target.isNode() ? 'node' : 'edge', id: String(e.target.id()) }));
            cy.on('unselect', 'node, edge', () => setSelected(null));
            cy.layout(layoutOptions()).run();
          }} />
      </div>
      <aside className="network-properties" aria-label="Properties">
        {props ? (
          <>
            <h4>{selected?.kind === 'node' ? 'Node' : 'Edge'}: {props.title}</h4>
            <dl>{props.rows.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}</dl>
          </>
        ) : <p>Select a node or an edge to see its properties.</p>}
        <label className="sr-only" htmlFor="network-select">Select a node</label>
        <select id="network-select" className="sr-only" value={selected?.kind === 'node' ? selected.id : ''}
          onChange={(e) => {
            const id = e.target.value;
            const cy = cyRef.current;
            if (cy) { cy.elements().unselect(); cy.getElementById(id).select(); }
            setSelected(id ? { kind: 'node', id } : null);
          }}>
          <option value="">none</option>
          {data.nodes.map((n) => <option key={String(n.id)} value={String(n.id)}>{String(n.id)}</option>)}
        </select>
      </aside>
    </div>
  );
}
