import { useEffect, useState } from "react";
import { useFirstRender } from "@/web/app/first-render";

/** The current time, refreshed every `intervalMs`, so ages ("5m") and "nudge again at" states move on by themselves. */
export function useNow(intervalMs = 30_000): Date {
  // A page the server drew starts from the moment it was drawn, so the browser's first render says the same ages.
  const first = useFirstRender();
  const [now, setNow] = useState(() => (first ? new Date(first.renderedAt) : new Date()));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
