import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { analyticsConfigured, useAnalyticsConsent, useAnalyticsPageViews } from "@/web/lib/analytics";
import { useTheme } from "@/web/lib/theme";
import { useHydrated } from "@/web/lib/use-hydrated";
import { LazyToaster } from "./lazy-toaster";

// Its code loads only where product analytics is configured and this browser has not answered yet (decision 038).
const ConsentNotice = lazy(() => import("@/web/features/analytics/components/consent-notice"));

export function RootLayout() {
  const { theme } = useTheme();
  const consent = useAnalyticsConsent();
  // Only the browser knows whether it answered: asked once the page is hydrated, never drawn by the server.
  const hydrated = useHydrated();
  useAnalyticsPageViews();
  return (
    <>
      <Outlet />
      {hydrated && analyticsConfigured && consent === "undecided" && (
        <Suspense fallback={null}>
          <ConsentNotice />
        </Suspense>
      )}
      <LazyToaster theme={theme} />
      <ScrollRestoration />
    </>
  );
}
