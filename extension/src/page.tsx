// Starts one of the extension's pages: its words, the web app's look, light or dark as the system is.
import { StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import "./extension.css";
import "./i18n.ts";

function followColorScheme() {
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => document.documentElement.classList.toggle("dark", dark.matches);
  apply();
  dark.addEventListener("change", apply);
}

export function startPage(page: ReactNode) {
  followColorScheme();
  const root = document.getElementById("root");
  if (root) createRoot(root).render(<StrictMode>{page}</StrictMode>);
}
