import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { STANDARD_DISPLAY, type DisplaySettings } from '../../src-core/domain/display-settings';

/**
 * Where the reader's display settings are read and kept. In the browser that is the page's
 * `<html>` attributes and the settings cookie (src/app/document-display-settings.ts); on a
 * server, the settings of the request being rendered, which cannot be changed there.
 */
export interface DisplaySettingsStore {
  /** The same object for as long as the settings stay the same. */
  current(): DisplaySettings;
  subscribe(listener: () => void): () => void;
  /** Applies the settings to the page at once and remembers them for every later page. */
  save(settings: DisplaySettings): void;
}

/** Settings that stay as they are: a server's rendering, or a test's. */
export function fixedDisplaySettings(settings: DisplaySettings = STANDARD_DISPLAY): DisplaySettingsStore {
  return {
    current: () => settings,
    subscribe: () => () => undefined,
    save: () => {
      throw new Error('Display settings cannot be saved while a page is rendered on the server.');
    },
  };
}

const DisplaySettingsContext = createContext<DisplaySettingsStore>(fixedDisplaySettings());

export function DisplaySettingsProvider({ store, children }: { readonly store: DisplaySettingsStore; readonly children: ReactNode }) {
  return <DisplaySettingsContext.Provider value={store}>{children}</DisplaySettingsContext.Provider>;
}

/** The settings in force. On hydration the store reads what the server wrote on <html>, so both agree. */
export function useDisplaySettings(): DisplaySettings {
  const store = useContext(DisplaySettingsContext);
  return useSyncExternalStore(store.subscribe, store.current, store.current);
}

export function useSaveDisplaySettings(): (settings: DisplaySettings) => void {
  return useContext(DisplaySettingsContext).save;
}
