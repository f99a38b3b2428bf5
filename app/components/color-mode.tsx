import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useMatches } from "react-router";
import {
  applyColorMode,
  COLOR_MODE_STORAGE_KEY,
  type ColorMode,
  type ColorModePreference,
  effectiveColorMode,
  isColorModePreference,
} from "~/lib/color-mode";

type ColorModeContextValue = {
  preference: ColorModePreference;
  setPreference: (preference: ColorModePreference) => void;
};

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

/** The mode the deepest route forces through `handle.colorMode`, if any. */
export function useForcedColorMode(): ColorMode | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const mode = (match.handle as { colorMode?: unknown } | undefined)?.colorMode;
    if (mode === "light" || mode === "dark") return mode;
  }
  return undefined;
}

function readPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorModePreference(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const forced = useForcedColorMode();
  // The server cannot know the preference; the head script has already painted the right mode.
  const [preference, setPreferenceState] = useState<ColorModePreference>("system");

  useEffect(() => {
    setPreferenceState(readPreference());
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY) setPreferenceState(readPreference());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Reads the stored preference rather than state, so hydration never applies a stale "system".
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply whenever the preference changes
  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => applyColorMode(effectiveColorMode(readPreference(), forced, query.matches));
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, [forced, preference]);

  const setPreference = useCallback((next: ColorModePreference) => {
    try {
      localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this page only.
    }
    setPreferenceState(next);
  }, []);

  const value = useMemo(() => ({ preference, setPreference }), [preference, setPreference]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode() {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode needs a ColorModeProvider");
  return value;
}
