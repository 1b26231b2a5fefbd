// The GitHub integration's vocabulary (issue #14, decision 041), shared by the server and the web app: a member's
// GitHub login as GitHub allows it, and the states Holdup keeps of a pull request or an issue.
import { z } from "zod";

/**
 * GitHub's rule for a login: 1 to 39 characters, letters, digits and single hyphens, neither first nor last. Logins
 * are compared without regard to case, as GitHub does.
 */
export const GITHUB_LOGIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
export const githubLoginSchema = z
  .string("Enter your GitHub login")
  .trim()
  .transform((login) => login.replace(/^@/, ""))
  .pipe(z.string().max(39, "A GitHub login has at most 39 characters").regex(GITHUB_LOGIN_PATTERN, "Use your GitHub login: letters, digits and single hyphens, not first or last"));

export const githubItemKinds = ["pull_request", "issue"] as const;
export type GithubItemKind = (typeof githubItemKinds)[number];
/** A pull request is open, a draft, merged or closed (without merging); an issue is open or closed. */
export const githubItemStates = ["open", "draft", "merged", "closed"] as const;
export type GithubItemState = (typeof githubItemStates)[number];

/** What the integrations page says of a repository: its last delivery was verified, or the last one had a bad signature. */
export const githubRepositoryHealths = ["ok", "bad_signature"] as const;
export type GithubRepositoryHealth = (typeof githubRepositoryHealths)[number];

/** Where GitHub posts a team's deliveries: one address per connection (decision 041). */
export const GITHUB_WEBHOOK_PREFIX = "/api/integrations/github/webhook";
export const githubWebhookPath = (connectionId: string) => `${GITHUB_WEBHOOK_PREFIX}/${connectionId}`;
