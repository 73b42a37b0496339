import {
  DEFAULT_RUNTIME_MODE,
  STORAGE_KEYS,
  parseRuntimeMode,
  settings as settingsSchema,
  type RuntimeMode,
  type Settings,
} from '@exchange/contracts';
import { hasToken, useSession } from './session';
import { readJson, writeJson } from './storage';
import { createStore, useStore } from './store';

/** Stored settings, read leniently: a broken or partial value falls back field by field. */
export function loadSettings(): Settings {
  const raw = readJson(STORAGE_KEYS.settings);
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return settingsSchema.parse({
    theme: obj.theme === 'light' ? 'light' : 'dark',
    redUp: obj.redUp === true,
    runtimeMode: parseRuntimeMode(obj.runtimeMode),
  });
}

export const settingsStore = createStore<Settings>(loadSettings());

export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.set((prev) => ({ ...prev, ...patch }));
  writeJson(STORAGE_KEYS.settings, settingsStore.get());
}

/** The mode in force: the stored one only while a token exists, else Real. */
export function effectiveRuntimeMode(): RuntimeMode {
  return hasToken() ? settingsStore.get().runtimeMode : DEFAULT_RUNTIME_MODE;
}

/** `?theme=light|dark` wins over the stored theme and is saved. */
export function applyThemeQuery(search: string): void {
  const theme = new URLSearchParams(search).get('theme');
  if (theme === 'light' || theme === 'dark') updateSettings({ theme });
}

export function applyTheme(theme: Settings['theme']): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
}

export const useSettings = () => useStore(settingsStore);

/** The mode in force, as React state. */
export function useRuntimeMode(): RuntimeMode {
  const { runtimeMode } = useSettings();
  const { token } = useSession();
  return token ? runtimeMode : DEFAULT_RUNTIME_MODE;
}
