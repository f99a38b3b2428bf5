import { createExternalStore } from "~/lib/external-store";
import type { LatestBuild } from "./build-check";

const newBuild = createExternalStore<LatestBuild | null>(null);

/** Records that another build is deployed; the page offers a reload from then on. */
export const setNewBuild = (build: LatestBuild) => newBuild.set(build);

/** The deployed build when it is not this page's, else null. */
export const useNewBuild = () => newBuild.useValue();
