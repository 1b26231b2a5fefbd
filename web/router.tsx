// The route table (specification §2). Pages load on demand so the public pages never carry the app's code.
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from "react-router";
import { paths } from "@/common/paths";
import { RedirectSignedIn, RequireOnboarded, RequireSession } from "./app/guards";
import { LeaveForPublicSite } from "./app/leave-for-public-site";
import { RootLayout } from "./app/root-layout";
import { RouteError } from "./app/route-error";
import { FullScreenSpinner } from "./components/ui/spinner";
import type { PageHandle, PageModule } from "./app/top-bar";

/** A page loaded when first shown, with its main action for the top bar (web/app/top-bar.tsx) in its handle. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const module = await load();
    return { Component: module.default, handle: { pageAction: module.PageAction && <module.PageAction /> } satisfies PageHandle };
  },
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // What shows while the first page's code loads (every page is lazy); without it React Router warns on each load.
    HydrateFallback: FullScreenSpinner,
    children: [
      // The public site is pre-rendered apart from the app (web/site); reaching it from inside the app is a page load.
      // A signed-in visitor of / stays in the app: a spinner while the session is checked, then the dashboard.
      { Component: RedirectSignedIn, children: [{ path: paths.home, Component: LeaveForPublicSite }] },
      ...[paths.blog, `${paths.blog}/:slug`, paths.privacy, paths.terms, paths.refundPolicy, paths.support].map((path) => ({ path, Component: LeaveForPublicSite })),
      { path: "*", ...page(() => import("./app/not-found")) },
      {
        Component: RedirectSignedIn,
        children: [
          { path: paths.login, ...page(() => import("./features/auth/pages/login-page")) },
          { path: paths.signup, ...page(() => import("./features/auth/pages/signup-page")) },
        ],
      },
      { path: paths.forgotPassword, ...page(() => import("./features/auth/pages/forgot-password-page")) },
      { path: paths.resetPassword, ...page(() => import("./features/auth/pages/reset-password-page")) },
      { path: paths.auth, element: <Navigate to={paths.login} replace /> },
      { path: paths.authCallback, ...page(() => import("./features/auth/pages/auth-callback-page")) },
      // The public API's reference, for anyone (trying a request takes an API key).
      { path: paths.apiReference, ...page(() => import("./features/api-reference/pages/api-reference-page")) },
      // An e-mail's one-click link works signed in or not: the token is the proof.
      { path: "/e/:token", ...page(() => import("./features/email-links/pages/email-link-page")) },
      {
        Component: RequireSession,
        children: [{ path: `${paths.onboarding}/*`, ...page(() => import("./features/onboarding/pages/onboarding-page")) }],
      },
      {
        Component: RequireOnboarded,
        children: [
          // A Slack user's connect link (issue #12): for a member, signed in, outside the app's frame.
          { path: paths.slackConnect, ...page(() => import("./features/slack/pages/slack-connect-page")) },
          // A tray or browser extension signing in (issue #15): approved by a member, outside the app's frame.
          { path: paths.device, ...page(() => import("./features/devices/pages/device-page")) },
          {
            ...page(() => import("./app/app-layout")),
            children: [
              { path: paths.dashboard, ...page(() => import("./features/dashboard/pages/dashboard-page")) },
              { path: paths.addBlocker, ...page(() => import("./features/blockers/pages/add-blocker-page")) },
              { path: paths.resolved, ...page(() => import("./features/blockers/pages/resolved-page")) },
              { path: "/blockers/:id", ...page(() => import("./features/blockers/pages/blocker-page")) },
              { path: paths.invites, ...page(() => import("./features/team/pages/received-invitations-page")) },
              { path: "/user/:userId", ...page(() => import("./features/people/pages/user-page")) },
              // The reports load their charts (recharts) with them, never with the dashboard (issue #13).
              { path: paths.insights, ...page(() => import("./features/insights/pages/my-insights-page")) },
              { path: paths.notifications, ...page(() => import("./features/notifications/pages/notifications-page")) },
              { path: paths.settings, element: <Navigate to={paths.settingsPersonal} replace /> },
              { path: paths.settingsPersonal, ...page(() => import("./features/settings/pages/personal-settings-page")) },
              { path: paths.organization, element: <Navigate to={paths.organizationAccess} replace /> },
              { path: paths.organizationAccess, ...page(() => import("./features/team/pages/access-page")) },
              { path: paths.organizationBilling, ...page(() => import("./features/billing/pages/billing-page")) },
              { path: paths.organizationInsights, ...page(() => import("./features/insights/pages/team-insights-page")) },
              { path: paths.organizationTools, ...page(() => import("./features/reminders/pages/tools-page")) },
              { path: paths.organizationIntegrations, ...page(() => import("./features/reminders/pages/tools-page")) },
              { path: paths.organizationInvites, ...page(() => import("./features/team/pages/invites-page")) },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Loads the code of every route the address matches and puts it in place of the route's loader, so the router starts
 * with the page ready: a page the server drew is hydrated at once, not replaced by HydrateFallback while it loads.
 */
export async function loadFirstPage(pathname: string) {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
