// The theme preference: system → light → dark → system, kept under `theme` in local storage.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export const themes = ["system", "light", "dark"] as const;
export type Theme = (typeof themes)[number];
export const THEME_STORAGE_KEY = "theme";

const isTheme = (value: unknown): value is Theme => themes.includes(value as Theme);
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

export function readStoredTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : "system";
  } catch {
    return "system"; // storage can be blocked (private mode, policies)
  }
}

export const nextTheme = (theme: Theme): Theme => themes[(themes.indexOf(theme) + 1) % themes.length] ?? "system";

type ThemeContextValue = { theme: Theme; resolvedTheme: "light" | "dark"; setTheme: (theme: Theme) => void; cycleTheme: () => void };
const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [systemDark, setSystemDark] = useState(() => darkQuery().matches);

  useEffect(() => {
    const query = darkQuery();
    const follow = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

  const resolvedTheme = theme === "dark" || (theme === "system" && systemDark) ? "dark" : "light";
  useEffect(() => {
    document.documentElement.classList.toggle("dark", resolvedTheme === "dark");
    document.documentElement.style.colorScheme = resolvedTheme;
  }, [resolvedTheme]);

  const setTheme = useCallback((value: Theme) => {
    if (!isTheme(value)) return;
    setThemeState(value);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, value);
    } catch {
      // the choice still holds for this visit
    }
  }, []);
  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme, cycleTheme }) as const, [theme, resolvedTheme, setTheme, cycleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside ThemeProvider");
  return context;
}
