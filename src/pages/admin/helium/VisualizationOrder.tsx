import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { adminHelium, selectHelium } from '../../../../slices/adminHelium';

const DRAG_TYPE = 'application/x-zeppelin-helium-index';

/** The enabled visualisations in display order: drag (or Move up / Move down) to reorder, then Save. */
export function VisualizationOrder() {
  const dispatch = useAppDispatch();
  const { order, orderChanged } = useAppSelector(selectHelium);
  if (order.length === 0) return null;
  const move = (from: number, to: number) => dispatch(adminHelium.orderMoved({ from, to }));
  return (
    <section aria-label="Visualization package display order">
      <h2>Visualization package display order (drag and drop to reorder)</h2>
      <ol className="helium-order" aria-label="Visualization order">
        {order.map((name, i) => (
          <li key={name} aria-label={name} draggable
            onDragStart={(e) => { e.dataTransfer.setData(DRAG_TYPE, String(i)); e.dataTransfer.effectAllowed = 'move'; }}
            onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; }}
            onDrop={(e) => {
              e.preventDefault();
              const from = Number.parseInt(e.dataTransfer.getData(DRAG_TYPE), 10);
              if (Number.isInteger(from)) move(from, i);
            }}>
            <span>{name}</span>
            <button type="button" className="btn-link" aria-label={`Move ${name} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>▲</button>
            <button type="button" className="btn-link" aria-label={`Move ${name} down`} disabled={i === order.length - 1} onClick={() => move(i, i + 1)}>▼</button>
          </li>
        ))}
      </ol>
      <button type="button" className="btn-primary" disabled={!orderChanged} onClick={() => dispatch(adminHelium.orderSaveSubmitted())}>Save</button>
    </section>
  );
}
