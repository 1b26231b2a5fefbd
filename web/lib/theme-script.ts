// The script inlined into both HTML documents' <head> (by a Vite plugin): it applies the saved theme before the
// first paint, so a dark-mode visitor never sees a white flash, even on a pre-rendered page.
import { THEME_STORAGE_KEY } from "./theme-storage-key.ts";

export const themeScript = `(function () {
  try {
    var saved = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    var dark = saved === "dark" || (saved !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch (e) {}
})();`;
