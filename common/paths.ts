// Every route of the web app, in one place: the router, links, redirects and the server's e-mails build hrefs from here.
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  auth: "/auth",
  authCallback: "/auth/callback",
  blog: "/blog",
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  privacy: "/privacy",
  terms: "/terms",
  refundPolicy: "/refund-policy",
  support: "/support",
  onboarding: "/onboarding",
  dashboard: "/dashboard",
  addBlocker: "/add",
  resolved: "/resolved",
  blocker: (id: string) => `/blockers/${encodeURIComponent(id)}`,
  /** The page of an e-mail's one-click link (Mark done, Snooze until tomorrow, Decline, unsubscribe): works without signing in. */
  emailLink: (token: string) => `/e/${encodeURIComponent(token)}`,
  invites: "/invites",
  /** Where a Slack user Holdup could not match by e-mail links their Slack to their Holdup account (issue #12). */
  slackConnect: "/slack/connect",
  /**
   * Where an invitation e-mail leads. `invite` is the invitation's id, the proof that its reader received the
   * e-mail (docs/decisions/018-team-membership-rules.md); `email` fills in the sign-up form.
   */
  invitation: (invitationId: string, email: string) => `/signup?${new URLSearchParams({ invite: invitationId, email }).toString()}`,
  user: (profileId: string) => `/user/${encodeURIComponent(profileId)}`,
  insights: "/insights",
  /** The public API's interactive reference, drawn from its OpenAPI document (web/features/api-reference/). */
  apiReference: "/docs/api",
  /** Where a signed-in person approves a tray or browser extension signing in; the code comes in `?user_code=` (decision 042). */
  device: "/device",
  notifications: "/notifications",
  settings: "/settings",
  settingsPersonal: "/settings/personal",
  organization: "/organization",
  organizationAccess: "/organization/access",
  organizationBilling: "/organization/billing",
  organizationInsights: "/organization/insights",
  organizationTools: "/organization/tools",
  organizationIntegrations: "/organization/integrations",
  organizationInvites: "/organization/invites",
} as const;
