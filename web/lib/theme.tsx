// The theme preference: system → light → dark → system, kept under `theme` in local storage.
// The choice lives in a small store outside React: the page's <html> class is set by the inline script in the
// HTML before the first paint and by this store afterwards, never by a render, so a pre-rendered page that
// hydrates with the server's idea of the theme ("system") never flashes the wrong colours.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { THEME_STORAGE_KEY } from "./theme-storage-key";

export { THEME_STORAGE_KEY };

export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];

const isTheme = (value: unknown): value is Theme => themes.includes(value as Theme);
const inBrowser = typeof window !== "undefined";

export function readStoredTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : "system";
  } catch {
    return "system"; // storage can be blocked (private mode, policies), or there is no browser (pre-rendering)
  }
}

export const nextTheme = (theme: Theme): Theme => themes[(themes.indexOf(theme) + 1) % themes.length] ?? "system";

const listeners = new Set<() => void>();
let chosenTheme: Theme = inBrowser ? readStoredTheme() : "system";
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");
const systemIsDark = () => inBrowser && darkQuery().matches;

const resolve = (theme: Theme): "light" | "dark" => (theme === "dark" || (theme === "system" && systemIsDark()) ? "dark" : "light");

/**
 * Switches the document's colours at once: every element's colour transition (buttons ease theirs on hover) is off
 * while the theme changes, or the page would fade through half-way colours — and a screenshot or axe's contrast
 * check taken then would see them.
 */
function applyToDocument() {
  const resolved = resolve(chosenTheme);
  const root = document.documentElement;
  root.classList.add("theme-changing");
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
  // The new colours are computed with transitions off; they come back once that frame is drawn.
  void getComputedStyle(root).color;
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove("theme-changing")));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    darkQuery().addEventListener("change", onSystemChange);
    window.addEventListener("storage", onStorage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      darkQuery().removeEventListener("change", onSystemChange);
      window.removeEventListener("storage", onStorage);
    }
  };
}

const notify = () => listeners.forEach((listener) => listener());
function onSystemChange() {
  applyToDocument();
  notify();
}
// Another tab changed the theme: follow it, as the OS setting is followed.
function onStorage(event: StorageEvent) {
  if (event.key !== THEME_STORAGE_KEY) return;
  chosenTheme = readStoredTheme();
  applyToDocument();
  notify();
}

export function chooseTheme(theme: Theme) {
  if (!isTheme(theme)) return;
  chosenTheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // the choice still holds for this visit
  }
  applyToDocument();
  notify();
}

type ThemeContextValue = { theme: Theme; resolvedTheme: "light" | "dark"; setTheme: (theme: Theme) => void; cycleTheme: () => void };
const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The server (and hydration) sees "system" and light; the browser's real values follow right after.
  const theme = useSyncExternalStore(subscribe, () => chosenTheme, () => "system" as Theme);
  const resolvedTheme = useSyncExternalStore(subscribe, () => resolve(chosenTheme), () => "light" as const);
  const cycleTheme = useCallback(() => chooseTheme(nextTheme(chosenTheme)), []);
  const value = useMemo(() => ({ theme, resolvedTheme, setTheme: chooseTheme, cycleTheme }) as const, [theme, resolvedTheme, cycleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside ThemeProvider");
  return context;
}
