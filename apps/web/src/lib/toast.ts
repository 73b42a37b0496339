import { createStore } from './store';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
}

const TOAST_LIFETIME_MS = 5000;
let nextId = 1;

export const toastStore = createStore<readonly Toast[]>([]);

export function dismissToast(id: number): void {
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

export function showToast(text: string, kind: Toast['kind'] = 'error'): void {
  const id = nextId++;
  // The same message twice in a row (several queries failing alike) shows once.
  if (toastStore.get().some((t) => t.text === text)) return;
  toastStore.set((list) => [...list.slice(-3), { id, kind, text }]);
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
}
