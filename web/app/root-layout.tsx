import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { analyticsConfigured, useAnalyticsConsent, useAnalyticsPageViews } from "@/web/lib/analytics";
import { useTheme } from "@/web/lib/theme";
import { LazyToaster } from "./lazy-toaster";

// Its code loads only where product analytics is configured and this browser has not answered yet (decision 038).
const ConsentNotice = lazy(() => import("@/web/features/analytics/components/consent-notice"));

export function RootLayout() {
  const { theme } = useTheme();
  const consent = useAnalyticsConsent();
  useAnalyticsPageViews();
  return (
    <>
      <Outlet />
      {analyticsConfigured && consent === "undecided" && (
        <Suspense fallback={null}>
          <ConsentNotice />
        </Suspense>
      )}
      <LazyToaster theme={theme} />
      <ScrollRestoration />
    </>
  );
}
