// GitHub's webhook deliveries, written by hand after GitHub's documented payloads
// (https://docs.github.com/en/webhooks/webhook-events-and-payloads: pull_request, issues, issue_comment, ping), and
// sent as GitHub sends them: POSTed with GitHub-Hookshot's headers, signed here with node:crypto (HMAC-SHA256 of the
// body's bytes under the secret, `sha256=` and hex) — an implementation independent of Holdup's. Shared by the
// integration tests and the e2e journey.
import { createHmac, randomUUID } from "node:crypto";

type Json = Record<string, unknown>;

let nextId = 1_000_000;
const id = () => nextId++;

/** A GitHub user as payloads carry one (no e-mail address: a comment's author never has one). */
export function githubUser(login: string, options: { type?: "User" | "Bot"; email?: string } = {}): Json {
  const userId = id();
  return {
    login,
    id: userId,
    node_id: `MDQ6VXNlcj${userId}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${userId}?v=4`,
    gravatar_id: "",
    url: `https://api.github.com/users/${login}`,
    html_url: `https://github.com/${login}`,
    type: options.type ?? "User",
    site_admin: false,
    ...(options.email ? { email: options.email } : {}),
  };
}

export function githubRepository(fullName: string): Json {
  const [owner = "acme", name = "api"] = fullName.split("/");
  const repositoryId = id();
  return {
    id: repositoryId,
    node_id: `R_kgDO${repositoryId}`,
    name,
    full_name: fullName,
    private: true,
    owner: githubUser(owner),
    html_url: `https://github.com/${fullName}`,
    description: "The payments API",
    fork: false,
    url: `https://api.github.com/repos/${fullName}`,
    created_at: "2024-01-15T09:00:00Z",
    updated_at: "2026-03-01T10:00:00Z",
    pushed_at: "2026-03-02T10:00:00Z",
    default_branch: "main",
    visibility: "private",
  };
}

type PullRequestOptions = {
  action: "opened" | "closed" | "reopened" | "converted_to_draft" | "ready_for_review" | "edited" | "synchronize";
  repository: string;
  number: number;
  title?: string;
  state?: "open" | "closed";
  merged?: boolean;
  draft?: boolean;
  updatedAt?: string;
  sender?: string;
};

export function pullRequestEvent(options: PullRequestOptions): Json {
  const { repository, number } = options;
  const closed = options.state === "closed" || options.action === "closed";
  const updatedAt = options.updatedAt ?? new Date().toISOString();
  return {
    action: options.action,
    number,
    pull_request: {
      url: `https://api.github.com/repos/${repository}/pulls/${number}`,
      id: id(),
      node_id: `PR_kwDO${number}`,
      html_url: `https://github.com/${repository}/pull/${number}`,
      diff_url: `https://github.com/${repository}/pull/${number}.diff`,
      number,
      state: closed ? "closed" : "open",
      locked: false,
      title: options.title ?? "Add the refunds endpoint",
      user: githubUser(options.sender ?? "octocat"),
      body: "Closes the refunds part of the payments API.",
      created_at: "2026-03-01T09:00:00Z",
      updated_at: updatedAt,
      closed_at: closed ? updatedAt : null,
      merged_at: options.merged ? updatedAt : null,
      merge_commit_sha: options.merged ? "e5bd3914e2e596debea16f433f57875b5b90bcd6" : null,
      draft: options.draft ?? false,
      head: { label: "acme:refunds", ref: "refunds", sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e" },
      base: { label: "acme:main", ref: "main", sha: "9049f1265b7d61be4a8904a9a27120d2064dab3b" },
      merged: options.merged ?? false,
      mergeable: null,
      comments: 2,
      commits: 3,
      additions: 120,
      deletions: 4,
      changed_files: 5,
    },
    repository: githubRepository(repository),
    sender: githubUser(options.sender ?? "octocat"),
  };
}

type IssueOptions = { action: "opened" | "closed" | "reopened" | "edited" | "deleted"; repository: string; number: number; title?: string; updatedAt?: string; stateReason?: "completed" | "not_planned" | null };

function issue(repository: string, number: number, fields: { title: string; state: "open" | "closed"; updatedAt: string; stateReason?: string | null; pullRequest?: { mergedAt: string | null }; draft?: boolean }): Json {
  return {
    url: `https://api.github.com/repos/${repository}/issues/${number}`,
    repository_url: `https://api.github.com/repos/${repository}`,
    html_url: `https://github.com/${repository}/${fields.pullRequest ? "pull" : "issues"}/${number}`,
    id: id(),
    node_id: `I_kwDO${number}`,
    number,
    title: fields.title,
    user: githubUser("octocat"),
    labels: [],
    state: fields.state,
    locked: false,
    assignee: null,
    assignees: [],
    comments: 1,
    created_at: "2026-03-01T09:00:00Z",
    updated_at: fields.updatedAt,
    closed_at: fields.state === "closed" ? fields.updatedAt : null,
    author_association: "MEMBER",
    body: "The refunds endpoint returns 500 on partial refunds.",
    state_reason: fields.stateReason ?? null,
    ...(fields.pullRequest
      ? {
          draft: fields.draft ?? false,
          pull_request: {
            url: `https://api.github.com/repos/${repository}/pulls/${number}`,
            html_url: `https://github.com/${repository}/pull/${number}`,
            diff_url: `https://github.com/${repository}/pull/${number}.diff`,
            patch_url: `https://github.com/${repository}/pull/${number}.patch`,
            merged_at: fields.pullRequest.mergedAt,
          },
        }
      : {}),
  };
}

export function issuesEvent(options: IssueOptions): Json {
  const closed = options.action === "closed";
  return {
    action: options.action,
    issue: issue(options.repository, options.number, { title: options.title ?? "Partial refunds fail", state: closed ? "closed" : "open", updatedAt: options.updatedAt ?? new Date().toISOString(), stateReason: closed ? (options.stateReason ?? "completed") : null }),
    repository: githubRepository(options.repository),
    sender: githubUser("octocat"),
  };
}

type CommentOptions = { repository: string; number: number; commenter: string; body: string; onPullRequest?: boolean; title?: string; action?: "created" | "edited" | "deleted"; commenterType?: "User" | "Bot" };

export function issueCommentEvent(options: CommentOptions): Json {
  const commentId = id();
  const kind = options.onPullRequest ? "pull" : "issues";
  return {
    action: options.action ?? "created",
    issue: issue(options.repository, options.number, {
      title: options.title ?? (options.onPullRequest ? "Add the refunds endpoint" : "Partial refunds fail"),
      state: "open",
      updatedAt: new Date().toISOString(),
      ...(options.onPullRequest ? { pullRequest: { mergedAt: null } } : {}),
    }),
    comment: {
      url: `https://api.github.com/repos/${options.repository}/issues/comments/${commentId}`,
      html_url: `https://github.com/${options.repository}/${kind}/${options.number}#issuecomment-${commentId}`,
      issue_url: `https://api.github.com/repos/${options.repository}/issues/${options.number}`,
      id: commentId,
      node_id: `IC_kwDO${commentId}`,
      user: githubUser(options.commenter, { type: options.commenterType }),
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      author_association: "MEMBER",
      body: options.body,
    },
    repository: githubRepository(options.repository),
    sender: githubUser(options.commenter, { type: options.commenterType }),
  };
}

/** What GitHub sends when a webhook is created (a repository's). */
export function pingEvent(repository: string): Json {
  return {
    zen: "Design for failure.",
    hook_id: id(),
    hook: { type: "Repository", id: id(), name: "web", active: true, events: ["issue_comment", "issues", "pull_request"], config: { content_type: "json", insecure_ssl: "0", url: "https://holdup.example/api/integrations/github/webhook/…" } },
    repository: githubRepository(repository),
    sender: githubUser("octocat"),
  };
}

/** X-Hub-Signature-256 as GitHub computes it. */
export const githubSignature = (secret: string, body: string | Buffer) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

export type GithubDelivery = {
  event: string;
  payload: Json;
  /** The X-GitHub-Delivery GUID: a fresh one unless a test repeats one. */
  deliveryId?: string;
  /** How GitHub sends it: JSON (the content type Holdup asks for), or form-encoded with a `payload` field. */
  form?: boolean;
  /** A signature other than the right one (a wrong secret's, or none at all). */
  signature?: string | null;
  /** Counted as this client (X-Forwarded-For, which the test server trusts from this machine). */
  from?: string;
};

export type DeliveryAnswer = { status: number; json: Record<string, unknown>; deliveryId: string };

/** POSTs a delivery to a webhook address, as GitHub-Hookshot does. */
export async function sendGithubDelivery(webhookUrl: string, secret: string, delivery: GithubDelivery): Promise<DeliveryAnswer> {
  const json = JSON.stringify(delivery.payload);
  const body = delivery.form ? new URLSearchParams({ payload: json }).toString() : json;
  const deliveryId = delivery.deliveryId ?? randomUUID();
  const signature = delivery.signature === undefined ? githubSignature(secret, body) : delivery.signature;
  const headers: Record<string, string> = {
    "content-type": delivery.form ? "application/x-www-form-urlencoded" : "application/json",
    "user-agent": "GitHub-Hookshot/0e4b5c1",
    "x-github-event": delivery.event,
    "x-github-delivery": deliveryId,
    "x-github-hook-id": "512345678",
    "x-github-hook-installation-target-type": "repository",
    "x-github-hook-installation-target-id": "712345678",
    accept: "*/*",
  };
  if (signature !== null) headers["x-hub-signature-256"] = signature;
  if (delivery.from) headers["x-forwarded-for"] = delivery.from;
  const answer = await fetch(webhookUrl, { method: "POST", headers, body });
  const text = await answer.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: answer.status, json: parsed, deliveryId };
}
