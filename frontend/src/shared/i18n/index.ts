import { SHARED_MESSAGES, type SharedMessageKey } from '@forwarder/domain';
import { useCallback } from 'react';
import { createStore, useStore } from '@/shared/store/createStore';

export type Language = 'zh' | 'en';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

const STORAGE_KEY = 'language';

function readStoredLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  return stored === 'en' ? 'en' : 'zh';
}

const languageStore = createStore({ language: readStoredLanguage() });
applyLanguage(languageStore.get().language);

/**
 * The page's declared language follows the chosen language; antd's locale is set by the app, dayjs's by
 * ./dates (loaded with the signed-in layout).
 */
function applyLanguage(language: Language): void {
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
}

export function getLanguage(): Language {
  return languageStore.get().language;
}

export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  applyLanguage(language);
  languageStore.set({ language });
}

/** Calls `listener` with the chosen language whenever it changes. */
export function onLanguageChange(listener: (language: Language) => void): () => void {
  return languageStore.subscribe(() => listener(getLanguage()));
}

export function useLanguage(): Language {
  return useStore(languageStore, (state) => state.language);
}

/** One area's strings in both languages; English must name exactly the keys Chinese has. */
export interface Messages<K extends string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

/**
 * One area's strings in both languages, and under the area's own keys the `shared` messages the server shows
 * too (the domain's SHARED_MESSAGES, mostly the refusals of the field rules both sides check).
 */
export function defineMessages<Z extends Record<string, string>, S extends string = never>(
  zh: Z,
  en: { [P in keyof Z]: string },
  shared?: Record<S, SharedMessageKey>,
): Messages<(keyof Z & string) | S> {
  const fromDomain = (language: 0 | 1) =>
    Object.fromEntries((Object.entries(shared ?? {}) as [S, SharedMessageKey][]).map(([key, message]) => [key, SHARED_MESSAGES[message][language]]));
  return { zh: { ...fromDomain(0), ...zh }, en: { ...fromDomain(1), ...en } };
}

export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible so a missing parameter is noticed. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translate<K extends string>(bundle: Messages<K>, key: K, params?: Params, language: Language = getLanguage()): string {
  return format(bundle[language][key], params);
}

export type Translate<K extends string> = (key: K, params?: Params) => string;

/** The translate function of a bundle in the current language; components re-render when it changes. */
export function useMessages<K extends string>(bundle: Messages<K>): Translate<K> {
  const language = useLanguage();
  return useCallback((key: K, params?: Params) => translate(bundle, key, params, language), [bundle, language]);
}

/** A message the server shows too (SHARED_MESSAGES), by its key, in the given language with its values filled. */
export function sharedText(key: SharedMessageKey, params?: Params, language: Language = getLanguage()): string {
  return format(SHARED_MESSAGES[key][language === 'en' ? 1 : 0], params);
}

/** Picks the English variant of a server-provided text when English is on and the variant exists. */
export function localized(language: Language, zh: string, en: string | null | undefined): string {
  return language === 'en' && en ? en : zh;
}
