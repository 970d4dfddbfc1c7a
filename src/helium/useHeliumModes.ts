/** The enabled Helium visualisations whose bundles have registered, in the Helium page's order. */
import { useMemo, useSyncExternalStore } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectHeliumPackages } from '../../slices/helium';
import type { HeliumMode } from '../results/HeliumVisualization';
import type { VisualizationBundle } from '../../sagas/heliumRegistry';
import { useHeliumRegistry } from './HeliumContext';

/** A registry icon is HTML (`<i class="fa fa-th">`); only its class is used, so no markup from a package runs. */
const iconClass = (html?: string): string | undefined => (html ? /class\s*=\s*["']([\w\s-]+)["']/.exec(html)?.[1] : undefined);

export function heliumModes(packages: ReturnType<typeof selectHeliumPackages>, registered: readonly VisualizationBundle[]): HeliumMode[] {
  const byName = new Map(registered.map((v) => [v.name, v]));
  const out: HeliumMode[] = [];
  for (const p of packages) {
    const bundle = p.type === 'VISUALIZATION' ? byName.get(p.name) : undefined;
    if (bundle) out.push({ name: bundle.id, label: p.name, icon: iconClass(bundle.icon), bundle, config: p.config });
  }
  return out;
}

export function useHeliumModes(): HeliumMode[] {
  const packages = useAppSelector(selectHeliumPackages);
  const registry = useHeliumRegistry();
  const registered = useSyncExternalStore(registry.subscribe, registry.visualizations);
  return useMemo(() => heliumModes(packages, registered), [packages, registered]);
}
