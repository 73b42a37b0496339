import { useCallback, useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../lib/storage';

/** Favourite markets are kept in this browser only. */
export const FAVOURITES_KEY = 'favouriteSymbols';
const listeners = new Set<() => void>();
let cache: readonly string[] | null = null;

function read(): readonly string[] {
  if (cache) return cache;
  const raw = readJson(FAVOURITES_KEY);
  cache = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [];
  return cache;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === FAVOURITES_KEY) {
      cache = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFavourites() {
  const favourites = useSyncExternalStore(subscribe, read, read);
  const toggle = useCallback((code: string) => {
    const current = read();
    cache = current.includes(code) ? current.filter((c) => c !== code) : [...current, code];
    writeJson(FAVOURITES_KEY, cache);
    for (const l of [...listeners]) l();
  }, []);
  return { favourites, toggle };
}
