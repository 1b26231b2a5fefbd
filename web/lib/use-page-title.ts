import { useEffect } from "react";

/** Sets the tab's title for the page ("Dashboard · Holdup"), so history and screen readers name the page. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Holdup` : "Holdup";
  }, [title]);
}
