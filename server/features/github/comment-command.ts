// `/holdup waiting on @bob` in a comment on a pull request or an issue: logs a blocker linking to it, created by the
// comment's author, waiting on the people named (`@bob @carol`, or `@bob, @carol and @dana`), titled by what follows
// them (`/holdup waiting on @bob for the API review` → "the API review") or else by the pull request's or issue's
// title. Everyone must be somebody in the team (github-people.ts): otherwise nothing is logged, and the connection's
// card says why.
import { TITLE_MAX } from "../../../common/blocker-values.ts";
import { createBlockerSchema } from "../../../common/blockers.ts";
import { GITHUB_LOGIN_PATTERN } from "../../../common/github.ts";
import type { Config } from "../../config.ts";
import { Refusal } from "../../http/refusal.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { createBlocker } from "../blockers/create-blocker.ts";
import type { IssueCommentEvent } from "./delivery-payloads.ts";
import { memberOfVerifiedEmail, membersOfLogins } from "./github-people.ts";

export type CommentCommand = { logins: string[]; title: string };

const COMMAND = /^[ \t]*\/holdup[ \t]+waiting[ \t]+on\b[ \t]*(.*)$/im;
/** One person named: separators before it ("," "and" "&"), an @, and what may be a login (checked after). */
const PERSON = /^(?:[\s,]|\band\b|&)*@([A-Za-z0-9-]{1,60})(?![A-Za-z0-9-])/i;

/** The command in a comment's body, if it has one: the first line that starts with it (a quoted one, "> /holdup …", does not). */
export function parseCommentCommand(body: string): CommentCommand | undefined {
  const match = COMMAND.exec(body);
  if (!match) return undefined;
  let rest = match[1] ?? "";
  const logins: string[] = [];
  for (let person = PERSON.exec(rest); person && GITHUB_LOGIN_PATTERN.test(person[1] ?? ""); person = PERSON.exec(rest)) {
    logins.push(person[1] ?? "");
    rest = rest.slice(person[0].length);
  }
  const title = rest
    .replace(/^[\s,.:;–—-]+/, "")
    .replace(/^for\s+/i, "")
    .trim();
  return { logins: [...new Set(logins.map((login) => login.toLowerCase()))], title };
}

export type CommentOutcome = { logged: true; blockerId: string } | { logged: false; reason: string };

type CommentDeps = ChangeDependencies & { config: Pick<Config, "defaultPlan" | "stripe"> };

const notLinked = (logins: string[]) =>
  `${logins.map((login) => `@${login}`).join(", ")} ${logins.length === 1 ? "is" : "are"} not linked to a member of the team: each member links their GitHub login in Holdup, under Settings → Personal`;

export async function logFromComment(deps: CommentDeps, teamId: string, event: IssueCommentEvent, command: CommentCommand, now: Date): Promise<CommentOutcome> {
  const author = event.comment.user;
  if (command.logins.length === 0) return { logged: false, reason: "The comment names nobody to wait on: write `/holdup waiting on @login`" };
  const members = await membersOfLogins(deps.db, teamId, [author.login, ...command.logins]);
  const creator = members.get(author.login.toLowerCase()) ?? (author.email ? await memberOfVerifiedEmail(deps.db, teamId, author.email) : undefined);
  const unknown = [...(creator ? [] : [author.login]), ...command.logins.filter((login) => !members.has(login))];
  if (!creator || unknown.length > 0) return { logged: false, reason: notLinked([...new Set(unknown.map((login) => login.toLowerCase()))]) };
  const blocking = command.logins.map((login) => members.get(login)?.profileId ?? "");
  if (blocking.includes(creator.profileId)) return { logged: false, reason: `@${author.login} cannot wait on themselves` };
  const title = (command.title || event.issue.title).slice(0, TITLE_MAX);
  const input = createBlockerSchema.safeParse({ title, blockingProfileIds: blocking, linkUrl: event.issue.html_url });
  if (!input.success) return { logged: false, reason: input.error.issues[0]?.message ?? "The blocker is not valid" };
  try {
    const { blocker } = await createBlocker(deps, creator, input.data, now, { source: "github", externalRef: event.comment.html_url.slice(0, 2000) });
    return { logged: true, blockerId: blocker.id };
  } catch (error) {
    if (error instanceof Refusal) return { logged: false, reason: error.message };
    throw error;
  }
}
