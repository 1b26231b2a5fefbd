import { useEffect, useState } from "react";

/** The current time, refreshed every `intervalMs`, so ages ("5m") and "nudge again at" states move on by themselves. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
