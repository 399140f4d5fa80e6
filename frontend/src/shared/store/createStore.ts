import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: Partial<T> | ((state: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A tiny external store: readable from plain code (the route guard, the request client, hub handlers)
 * and from components through `useStore`, without adding a state library.
 */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      state = typeof next === 'function' ? next(state) : { ...state, ...next };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a store; the selector must return stored values, not fresh objects. */
export function useStore<T extends object, S = T>(store: Store<T>, selector: (state: T) => S = (state) => state as unknown as S): S {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}
