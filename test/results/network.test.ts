/** @jest-environment node */
import cytoscape from 'cytoscape';
import { itemProperties, LABEL_MIN_SCALE, nodesTable, parseNetwork, NetworkParseError, toElements, MIN_ZOOM, MAX_ZOOM } from '../../src/results/network/networkData';
import { layoutOptions, networkStyle } from '../../src/results/network/NetworkView';

const sample = JSON.stringify({
  nodes: [{ id: 1, label: 'User', data: { name: 'Ada', age: 36 } }, { id: 2, label: 'User', data: { name: 'Bob' } }, { id: 3, label: 'Movie', data: { title: 'Up' } }],
  edges: [{ id: 10, source: 1, target: 3, label: 'LIKES', data: { stars: 5 } }, { source: 2, target: 3, label: 'LIKES' }, { source: 2, target: 99 }],
  labels: { User: '#ff0000', Movie: '#00ff00' },
  types: ['LIKES'],
  directed: true,
});

test('parses nodes, edges (dangling ones dropped), labels, types, directed', () => {
  const d = parseNetwork(sample);
  expect(d.nodes).toHaveLength(3);
  expect(d.edges).toHaveLength(2);
  expect(d.labels).toEqual({ User: '#ff0000', Movie: '#00ff00' });
  expect(d.types).toEqual(['LIKES']);
  expect(d.directed).toBe(true);
  expect(() => parseNetwork('{nope')).toThrow(NetworkParseError);
});

test('elements load into a headless cytoscape graph with captions and colours', () => {
  const d = parseNetwork(sample);
  const cy = cytoscape({ headless: true, elements: toElements(d), minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM });
  expect(cy.nodes().map((n) => n.data('label'))).toEqual(['Ada', 'Bob', 'Up']);
  expect(cy.getElementById('1').data('color')).toBe('#ff0000');
  expect(cy.edges()).toHaveLength(2);
  expect(cy.getElementById('3').indegree(false)).toBe(2);
  cy.zoom(50);
  expect(cy.zoom()).toBe(10);
  cy.zoom(0.1);
  expect(cy.zoom()).toBe(1);
  cy.layout(layoutOptions()).run();
  expect(cy.nodes().map((n) => n.position().x).every((x) => Number.isFinite(x))).toBe(true);
});

test('labels appear from zoom 1.3: min zoomed font size is 1.3 × font size', () => {
  const styleOf = (blocks: ReturnType<typeof networkStyle>, selector: string) => (blocks.find((b) => b.selector === selector) as unknown as { style: Record<string, unknown> }).style;
  const node = styleOf(networkStyle(true), 'node');
  expect((node['min-zoomed-font-size'] as number) / (node['font-size'] as number)).toBeCloseTo(LABEL_MIN_SCALE);
  const edge = styleOf(networkStyle(false), 'edge');
  expect(edge['target-arrow-shape']).toBe('none');
});

test('property panel rows for nodes and edges; nodes as a table', () => {
  const d = parseNetwork(sample);
  expect(itemProperties(d, 'node', '1')).toEqual({ title: 'Ada', rows: [['id', '1'], ['label', 'User'], ['name', 'Ada'], ['age', '36']] });
  expect(itemProperties(d, 'edge', 'e:10')?.rows).toContainEqual(['stars', '5']);
  expect(itemProperties(d, 'node', 'nope')).toBeNull();
  expect(nodesTable(d)).toEqual({ names: ['id', 'label', 'name', 'age', 'title'], rows: [[1, 'User', 'Ada', 36, ''], [2, 'User', 'Bob', '', ''], [3, 'Movie', '', '', 'Up']] });
});
