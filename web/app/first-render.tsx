// A signed-in page the server rendered (issue #28): what the server knew when it drew it, so the browser's first render
// — the one that hydrates the server's HTML — draws exactly the same. The server writes it into the page as a JSON
// data block (id "holdup-first"); the browser reads it before it hydrates.
import { createContext, useContext } from "react";
import type { Reader } from "@/common/moments";
import type { FirstReads } from "./first-reads";

export const FIRST_RENDER_ELEMENT_ID = "holdup-first";

export type FirstRender = {
  /** The team the page was drawn in. */
  teamId: string;
  /** When the server read the page's data, by its clock (ages and "today" are counted from it). */
  renderedAt: string;
  /** The server instance that read it (its live stream asks that instance's clock what it missed). */
  readOn: string;
  reader: Required<Reader>;
  /** The sidebar as it was left (its cookie). */
  sidebarOpen: boolean;
  /** The page's title (the top bar's and the tab's). */
  title: string;
  /** The signed-in person, as their session says (better-auth's user, never the session itself). */
  user: { id: string; name: string; email: string; image?: string | null | undefined } & Record<string, unknown>;
  reads: FirstReads;
};

/**
 * Set once the browser has hydrated the page: from then on a component that mounts (another page) takes the real time,
 * not the server's. Never set on the server (no effect runs there), so a module's variable serves.
 */
let hydrated = false;
export const markHydrated = () => {
  hydrated = true;
  // For the browser tests: a press before this reached the server's HTML, not the app (as on the public pages).
  document.documentElement.dataset.hydrated = "";
  // For `npm run bench:web`: the JavaScript a page needs is what it asked for before this (Lighthouse's user timings).
  performance.mark("holdup-hydrated");
};

const FirstRenderContext = createContext<FirstRender | null>(null);
export const FirstRenderProvider = FirstRenderContext.Provider;

/** The page the server drew, for as long as the tab lives (null for a page drawn by the browser alone). */
export const usePageDrawnByServer = () => useContext(FirstRenderContext);

/** What the server drew the page with, while the first render lasts (null for a page drawn by the browser alone). */
export function useFirstRender(): FirstRender | null {
  const first = useContext(FirstRenderContext);
  return first && !hydrated ? first : null;
}
