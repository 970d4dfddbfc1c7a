/**
 * Zeppelin keeps the query inside the hash (`#/?ref=/notebook/X`, `#/notebook/X?paragraph=p`), unlike wouter's
 * own hash hook, which moves it to the real query string. This hook keeps Zeppelin's URLs working.
 */
import { useSyncExternalStore } from 'react';
import { splitHash } from '../../slices/domain/routing';

function subscribe(callback: () => void): () => void {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
}

const currentPath = (): string => splitHash(window.location.hash).path;
const currentSearch = (): string => splitHash(window.location.hash).search;

export function navigateHash(to: string, opts: { replace?: boolean } = {}): void {
  const target = `#${to.startsWith('/') ? to : `/${to}`}`;
  if (window.location.hash === target) return;
  if (opts.replace) {
    const url = new URL(window.location.href);
    url.hash = target;
    window.history.replaceState(null, '', url.href);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = target;
  }
}

export function useHashPath(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigateHash];
}

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}

useHashPath.hrefs = (href: string): string => `#${href}`;
useHashPath.searchHook = useHashSearch;
