// The parts of GitHub's webhook payloads Holdup reads (https://docs.github.com/en/webhooks/webhook-events-and-payloads):
// pull_request, issues, issue_comment and ping. Each schema is loose — GitHub sends much more — and checked only once
// the delivery's signature is: what GitHub signed is trusted to be GitHub's, not to be well-formed.
import { z } from "zod";
import type { GithubItemState } from "../../../common/github.ts";
import type { GithubItem } from "./github-items.ts";
import { githubRefOf } from "./github-links.ts";

const repositorySchema = z.looseObject({ full_name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/, "Not a repository's owner/name") });
const numberSchema = z.int().min(1).max(999_999_999);
const timeSchema = z.iso.datetime({ offset: true });
const htmlUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);
const titleSchema = z.string().max(1000);
const userSchema = z.looseObject({ login: z.string().max(100), type: z.string().max(50).optional(), email: z.string().max(320).nullish() });

const pullRequestSchema = z.looseObject({
  number: numberSchema,
  state: z.enum(["open", "closed"]),
  title: titleSchema,
  html_url: htmlUrlSchema,
  draft: z.boolean().nullish(),
  merged: z.boolean().nullish(),
  merged_at: timeSchema.nullish(),
  updated_at: timeSchema,
});

const issueSchema = z.looseObject({
  number: numberSchema,
  state: z.enum(["open", "closed"]),
  title: titleSchema,
  html_url: htmlUrlSchema,
  updated_at: timeSchema,
  draft: z.boolean().nullish(),
  /** Present when the issue is a pull request (issue_comment on a pull request), with when it merged. */
  pull_request: z.looseObject({ merged_at: timeSchema.nullish() }).nullish(),
});

export const pullRequestEventSchema = z.looseObject({ action: z.string().max(100), pull_request: pullRequestSchema, repository: repositorySchema });
export const issuesEventSchema = z.looseObject({ action: z.string().max(100), issue: issueSchema, repository: repositorySchema });
export const issueCommentEventSchema = z.looseObject({
  action: z.string().max(100),
  issue: issueSchema,
  comment: z.looseObject({ id: z.number(), body: z.string().max(300_000).nullish(), html_url: htmlUrlSchema, user: userSchema }),
  repository: repositorySchema,
});
/** Any delivery: the repository it is about, when it is about one (an organization's ping is not). */
export const anyEventSchema = z.looseObject({ repository: repositorySchema.optional().catch(undefined) });

export type PullRequestEvent = z.infer<typeof pullRequestEventSchema>;
export type IssuesEvent = z.infer<typeof issuesEventSchema>;
export type IssueCommentEvent = z.infer<typeof issueCommentEventSchema>;

const clip = (title: string) => title.slice(0, 1000);

/** A pull request as Holdup keeps it: merged, closed (without merging), a draft, or open. */
export function pullRequestItem(event: PullRequestEvent): GithubItem | undefined {
  const pr = event.pull_request;
  const ref = githubRefOf(pr.html_url);
  if (!ref) return undefined;
  const state: GithubItemState = pr.merged === true || pr.merged_at ? "merged" : pr.state === "closed" ? "closed" : pr.draft ? "draft" : "open";
  return { ...ref, kind: "pull_request", state, title: clip(pr.title), url: pr.html_url, updatedAt: new Date(pr.updated_at) };
}

/** An issue (or a pull request, as issue_comment carries it) as Holdup keeps it. */
export function issueItem(issue: IssuesEvent["issue"]): GithubItem | undefined {
  const ref = githubRefOf(issue.html_url);
  if (!ref) return undefined;
  if (issue.pull_request) {
    const state: GithubItemState = issue.pull_request.merged_at ? "merged" : issue.state === "closed" ? "closed" : issue.draft ? "draft" : "open";
    return { ...ref, kind: "pull_request", state, title: clip(issue.title), url: issue.html_url, updatedAt: new Date(issue.updated_at) };
  }
  return { ...ref, kind: "issue", state: issue.state, title: clip(issue.title), url: issue.html_url, updatedAt: new Date(issue.updated_at) };
}
