/** The enabled Helium visualisations whose bundles have registered, in the Helium page's order. */
import { useMemo, useSyncExternalStore } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectHeliumPackages } from '../../slices/helium';
import type { HeliumMode } from '../results/HeliumVisualization';
import type { VisualizationPlugin } from '../../sagas/heliumRegistry';
import { useHeliumRegistry } from './HeliumContext';

export function heliumModes(packages: ReturnType<typeof selectHeliumPackages>, registered: readonly VisualizationPlugin[]): HeliumMode[] {
  const byName = new Map(registered.map((v) => [v.name, v]));
  const out: HeliumMode[] = [];
  for (const p of packages) {
    const plugin = p.type === 'VISUALIZATION' ? byName.get(p.name) : undefined;
    if (plugin) out.push({ name: p.name, label: plugin.label, icon: plugin.icon, plugin, config: p.config });
  }
  return out;
}

export function useHeliumModes(): HeliumMode[] {
  const packages = useAppSelector(selectHeliumPackages);
  const registry = useHeliumRegistry();
  const registered = useSyncExternalStore(registry.subscribe, registry.visualizations);
  return useMemo(() => heliumModes(packages, registered), [packages, registered]);
}
