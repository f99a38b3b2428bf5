import { useSyncExternalStore } from "react";

/** A value kept outside React: `set` tells every subscriber, components follow it with `useValue`. */
export function createExternalStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    subscribe,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    /** The value in a component; `initial` when rendered on the server. */
    useValue: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
