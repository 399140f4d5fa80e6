import { createStore, useStore } from '@/shared/store/createStore';

/** The global search hands its word to the line's "all orders" page under `search<Line>`. */
export type SearchSettingKey = `search${string}`;

const settingsStore = createStore<Record<SearchSettingKey, string>>({
  searchSmallbag: '',
  searchDedicatedline: '',
  searchAirtransport: '',
});

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** smallbag → searchSmallbag. */
export function searchSettingKey(shipType: string): SearchSettingKey {
  return `search${capitalize(shipType)}`;
}

/** smallbag → SmallbagAll, the route name of the line's list of all orders. */
export function allOrdersRouteName(shipType: string): string {
  return `${capitalize(shipType)}All`;
}

export function setSearchWord(shipType: string, word: string): void {
  settingsStore.set({ [searchSettingKey(shipType)]: word });
}

/** The word the top bar handed to a line's "all orders" page and the page has not taken yet (plain code's read). */
export function searchWordOf(shipType: string): string {
  return settingsStore.get()[searchSettingKey(shipType)] ?? '';
}

/** The word last searched for on a line, for its "all orders" page to filter by. */
export function useSearchWord(shipType: string): string {
  return useStore(settingsStore, (state) => state[searchSettingKey(shipType)] ?? '');
}
