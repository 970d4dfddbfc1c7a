/** Whether the page shows the dark theme: chosen in the navbar, or 'system' following the OS. */
import { useSyncExternalStore } from 'react';
import { useAppSelector } from '../app/hooks';
import { selectTheme } from '../../slices/ui';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(callback: () => void): () => void {
  const m = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  m?.addEventListener('change', callback);
  return () => m?.removeEventListener('change', callback);
}

const systemDark = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

export function useDarkTheme(): boolean {
  const theme = useAppSelector(selectTheme);
  const osDark = useSyncExternalStore(subscribe, systemDark, () => false);
  return theme === 'dark' || (theme === 'system' && osDark);
}
