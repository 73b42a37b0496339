/** Close handlers of the open modals: every route change closes them all. */
const openModals = new Set<() => void>();

export function registerModal(close: () => void): () => void {
  openModals.add(close);
  return () => openModals.delete(close);
}

export function closeAllModals(): void {
  for (const close of [...openModals]) close();
}
