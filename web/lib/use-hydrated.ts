import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it rendered, true after: for what only the
 * browser knows (what this browser stored, whether analytics is configured), drawn once the page is hydrated.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
