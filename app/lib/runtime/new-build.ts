import { useSyncExternalStore } from "react";
import type { LatestBuild } from "./build-check";

let newBuild: LatestBuild | null = null;
const listeners = new Set<() => void>();

/** Records that another build is deployed; the page offers a reload from then on. */
export function setNewBuild(build: LatestBuild) {
  newBuild = build;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The deployed build when it is not this page's, else null. */
export function useNewBuild() {
  return useSyncExternalStore(
    subscribe,
    () => newBuild,
    () => null,
  );
}
