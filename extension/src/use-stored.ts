// What the extension keeps (stored.ts), in a React page: read once, then followed as the service worker changes it.
import { useEffect, useState } from "react";
import { followStored, readStored, type Stored } from "./stored.ts";

export function useStored(): Stored | undefined {
  const [stored, setStored] = useState<Stored>();
  useEffect(() => {
    let live = true;
    void readStored().then((first) => live && setStored(first));
    const stop = followStored((next) => live && setStored(next));
    return () => {
      live = false;
      stop();
    };
  }, []);
  return stored;
}
