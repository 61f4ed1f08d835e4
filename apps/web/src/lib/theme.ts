import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** Dark by default (document 1, section 9); the choice is stored and applied as `<html data-theme>`. */
export type Theme = 'dark' | 'light';
const listeners = new Set<() => void>();

function storedTheme(): Theme {
  return readStored(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

let current: Theme = storedTheme();

export function applyTheme(theme: Theme = current): void {
  current = theme;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  writeStored(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(current === 'dark' ? 'light' : 'dark');
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
