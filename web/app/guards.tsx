// Route guards (specification §4): a spinner while the session loads, then the redirects.
import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "@/common/paths";
import { FullScreenSpinner } from "@/web/components/ui/spinner";
import { useAuth } from "./auth-context";

/** /onboarding/*: a session is enough. */
export function RequireSession() {
  const { isReady, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isReady) return <FullScreenSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** The signed-in app: a session and a finished onboarding (a profile that cannot be read counts as not onboarded). */
export function RequireOnboarded() {
  const { isReady, isAuthenticated, profile } = useAuth();
  const location = useLocation();
  if (!isReady) return <FullScreenSpinner />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  if (!profile?.onboardedAt) return <Navigate to={paths.onboarding} replace />;
  return <Outlet />;
}

/** Public pages meant for visitors (the landing page, sign-in, sign-up): a signed-in visitor goes to the dashboard. */
export function RedirectSignedIn() {
  const { isReady, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isReady) return <FullScreenSpinner />;
  if (isAuthenticated) {
    // An invitation link opened while signed in: its screen offers "Join <team>" (or says whom it is for).
    const invite = location.pathname === paths.signup ? new URLSearchParams(location.search).get("invite") : null;
    if (invite) return <Outlet />;
    // Where they were going: the guard's state, or the server's redirect of a page it would have drawn (?from=).
    const from = (location.state as { from?: string } | null)?.from ?? new URLSearchParams(location.search).get("from");
    return <Navigate to={from?.startsWith("/") && !from.startsWith("//") ? from : paths.dashboard} replace />;
  }
  return <Outlet />;
}
