// Which GitHub pull request or issue a blocker's link names: https://github.com/{owner}/{repo}/pull/{n} or
// /issues/{n} (GitHub redirects one to the other when the number is the other kind: they share numbers in a repository),
// with whatever follows (/files, #issuecomment-…, ?query). Owners and repositories compare in lower case, as GitHub's
// names do.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export type GithubRef = { repository: string; number: number };

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPOSITORY = /^[A-Za-z0-9._-]{1,100}$/;
/** Larger numbers are not GitHub's (and would not fit the column). */
const NUMBER = /^[1-9]\d{0,8}$/;

/** The pull request or issue a link names, or undefined when it names none. */
export function githubRefOf(link: string | null | undefined): GithubRef | undefined {
  if (!link || !URL.canParse(link)) return undefined;
  const url = new URL(link);
  if (!["http:", "https:"].includes(url.protocol) || !["github.com", "www.github.com"].includes(url.hostname.toLowerCase()) || url.port !== "") return undefined;
  const [owner = "", repo = "", kind = "", number = ""] = url.pathname.split("/").slice(1);
  if (!OWNER.test(owner) || !REPOSITORY.test(repo) || repo === "." || repo === ".." || !["pull", "pulls", "issues"].includes(kind) || !NUMBER.test(number)) return undefined;
  return { repository: `${owner}/${repo}`.toLowerCase(), number: Number(number) };
}

/** "owner/name" as it is kept: lower case. */
export const repositoryKey = (fullName: string) => fullName.toLowerCase();

const escapeForRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");

/** A condition on a link column: it names this pull request or issue (the same links githubRefOf reads). */
export function linksTo(column: AnyPgColumn, ref: GithubRef): SQL {
  const [owner = "", repo = ""] = ref.repository.split("/");
  const pattern = `^https?://(www\\.)?github\\.com/${escapeForRegex(owner)}/${escapeForRegex(repo)}/(pull|pulls|issues)/${ref.number}([/?#]|$)`;
  return sql`lower(${column}) ~ ${pattern}`;
}
