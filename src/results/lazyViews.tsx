/**
 * The chart and graph views, each with its drawing library (recharts, cytoscape) in a chunk of its own, loaded the
 * first time one is shown: a table result, the most common kind, then loads neither. Until the chunk is in, the space
 * the view will take is kept, so nothing below it moves.
 */
import { lazy, Suspense, type ComponentType } from 'react';

const LazyPivotChart = lazy(() => import(/* webpackChunkName: "charts" */ './charts/PivotChart').then((m) => ({ default: m.PivotChart })));
const LazyScatterView = lazy(() => import(/* webpackChunkName: "charts" */ './charts/ScatterView').then((m) => ({ default: m.ScatterView })));
const LazyNetworkView = lazy(() => import(/* webpackChunkName: "network" */ './network/NetworkView').then((m) => ({ default: m.NetworkView })));

function whenLoaded<P extends { height: number }>(View: ComponentType<P>) {
  return function Loaded(props: P) {
    return (
      <Suspense fallback={<div className="result-loading" aria-busy="true" style={{ height: props.height }} />}>
        <View {...props} />
      </Suspense>
    );
  };
}

export const PivotChart = whenLoaded(LazyPivotChart);
export const ScatterView = whenLoaded(LazyScatterView);
export const NetworkView = whenLoaded(LazyNetworkView);
