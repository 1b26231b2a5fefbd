// The pull requests and issues of a team's connected repositories as their deliveries left them, and what a blocker
// linking to one shows of it (its state, title, when GitHub last changed it).
import { and, eq, sql } from "drizzle-orm";
import type { GithubItemKind, GithubItemState } from "../../../common/github.ts";
import type { Database } from "../../db/client.ts";
import { githubItems } from "../../db/schema.ts";
import { githubRefOf, type GithubRef } from "./github-links.ts";

export type GithubItem = GithubRef & { kind: GithubItemKind; state: GithubItemState; title: string; url: string; updatedAt: Date };

/** Keeps what a delivery says of an item, unless a delivery already kept says something newer (GitHub's updated_at). */
export async function keepItem(db: Pick<Database, "insert">, teamId: string, item: GithubItem) {
  await db
    .insert(githubItems)
    .values({ teamId, ...item })
    .onConflictDoUpdate({
      target: [githubItems.teamId, githubItems.repository, githubItems.number],
      set: { kind: item.kind, state: item.state, title: item.title, url: item.url, updatedAt: item.updatedAt },
      setWhere: sql`excluded.updated_at >= ${githubItems.updatedAt}`,
    });
}

export async function forgetItem(db: Pick<Database, "delete">, teamId: string, ref: GithubRef) {
  await db.delete(githubItems).where(and(eq(githubItems.teamId, teamId), eq(githubItems.repository, ref.repository), eq(githubItems.number, ref.number)));
}

/** What the blocker's page shows of the pull request or issue its link names, when the team's deliveries told of it. */
export async function githubStateOfLink(db: Pick<Database, "select">, teamId: string, link: string | null) {
  const ref = githubRefOf(link);
  if (!ref) return null;
  const [item] = await db
    .select({ kind: githubItems.kind, state: githubItems.state, title: githubItems.title, updatedAt: githubItems.updatedAt })
    .from(githubItems)
    .where(and(eq(githubItems.teamId, teamId), eq(githubItems.repository, ref.repository), eq(githubItems.number, ref.number)));
  return item ? { kind: item.kind, state: item.state, title: item.title, number: ref.number, repository: ref.repository, updatedAt: item.updatedAt.toISOString() } : null;
}
