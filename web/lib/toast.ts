// Toasts without sonner in a page's first download (10 kB gzipped of a signed-in page's 150 kB budget,
// docs/benchmarks.md). A toast always follows something the person did, so sonner is loaded at the first pointer
// or key press (its Toaster, an aria-live region, is then in place before the toast it will announce), or at the
// first toast if that comes sooner: sonner replays to its Toaster the toasts created before it subscribed.
import type { ExternalToast } from "sonner";

const loadSonner = () => import("sonner");

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the Toaster (web/app/lazy-toaster.tsx) to be mounted; once is enough. */
export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether the Toaster has been asked for. */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

const show = (kind: "success" | "error" | "info") => (message: string, options?: ExternalToast) => {
  wantToaster();
  void loadSonner().then(({ toast }) => toast[kind](message, options));
};

/** sonner's toast, the kinds Holdup shows; `dismiss` closes one by its id. */
export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  dismiss: (id: string) => void loadSonner().then(({ toast: sonner }) => sonner.dismiss(id)),
};
