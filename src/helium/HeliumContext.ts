/**
 * The page's Helium registry for views that draw with plugins. The store's composition (src/index.tsx) provides the
 * same registry the sagas get in SagaDeps; without a provider (component tests) views see an empty one.
 */
import { createContext, useContext } from 'react';
import { createHeliumRegistry, type HeliumRegistry } from '../../sagas/heliumRegistry';

export const HeliumContext = createContext<HeliumRegistry>(createHeliumRegistry());

export const useHeliumRegistry = (): HeliumRegistry => useContext(HeliumContext);
