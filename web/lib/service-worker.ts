// Registers the service worker (web/service-worker/sw.ts, decision 053) once the page is idle: it keeps the app's code
// for the next visit. Only in a build (`npm run dev` serves modules that change under the same name).
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // A browser that refuses it (a private window, a policy) loses only the faster repeat visit: nothing to tell anyone.
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 1_000);
}
