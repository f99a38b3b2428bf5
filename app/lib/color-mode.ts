export const COLOR_MODE_STORAGE_KEY = "color-mode";

export const colorModePreferences = ["light", "dark", "system"] as const;
export type ColorModePreference = (typeof colorModePreferences)[number];
/** What a page shows; a route may force one of these, never "system". */
export type ColorMode = "light" | "dark";

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return typeof value === "string" && (colorModePreferences as readonly string[]).includes(value);
}

export function effectiveColorMode(
  preference: ColorModePreference,
  forced: ColorMode | undefined,
  systemPrefersDark: boolean,
): ColorMode {
  if (forced) return forced;
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

/**
 * Runs in <head> before the first paint so that a dark page never flashes light. It mirrors
 * effectiveColorMode and applyColorMode; keep them in step.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement,f=d.getAttribute("data-forced-color-mode"),p=localStorage.getItem("${COLOR_MODE_STORAGE_KEY}");if(p!=="light"&&p!=="dark")p="system";var m=f||(p==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):p);d.classList.toggle("dark",m==="dark");d.setAttribute("data-color-mode",m);d.style.colorScheme=m}catch(e){}})()`;

export function applyColorMode(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.toggle("dark", mode === "dark");
  root.setAttribute("data-color-mode", mode);
  root.style.colorScheme = mode;
}
