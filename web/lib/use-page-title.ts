import { useEffect, useSyncExternalStore } from "react";
import { useFirstRender } from "@/web/app/first-render";

// The current page's title, for the tab and for the signed-in top bar (which names the page on a phone, where the
// sidebar is hidden). One page sets it at a time.
let current = "";
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sets the tab's title for the page ("Dashboard · Holdup"), so history and screen readers name the page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Holdup` : "Holdup";
    current = title;
    for (const listener of listeners) listener();
  }, [title]);
}

/** The title the page on screen set (on a page the server drew, the title it drew, until the page sets its own). */
export function useCurrentPageTitle() {
  const first = useFirstRender();
  return useSyncExternalStore(subscribe, () => current, () => first?.title ?? "");
}
