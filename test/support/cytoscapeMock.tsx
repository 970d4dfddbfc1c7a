// jsdom has no canvas: component tests get a list of the element labels instead of a drawn graph.
interface El { data: { id?: string; label?: string } }
export default function CytoscapeComponent({ elements }: { elements?: El[] }) {
  return <ul data-testid="cytoscape-mock">{(elements ?? []).map((e, i) => <li key={e.data.id ?? i}>{e.data.label ?? e.data.id}</li>)}</ul>;
}
