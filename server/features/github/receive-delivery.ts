// What GitHub posts to a team's connection, once its signature is checked: each delivery applied once (by
// X-GitHub-Delivery: GitHub's Redeliver sends the same id again), in the request — it takes a few queries, well within
// GitHub's ten seconds (decision 041). The repository joins the connection's repository set; pull requests and issues
// keep their state for the blockers linking to them; a merge or a closing marks those blockers' parts done; a comment
// `/holdup waiting on @bob` logs one. A delivery that fails is forgotten, so that GitHub's Redeliver applies it.
import { Webhooks } from "@octokit/webhooks";
import { and, eq, lt } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import { githubConnections, githubDeliveries, githubRepositories } from "../../db/schema.ts";
import { Refusal, VALIDATION_MESSAGE } from "../../http/refusal.ts";
import { fieldErrorsOf } from "../../http/validate.ts";
import type { ChangeDependencies } from "../blockers/change-blocker.ts";
import { closeLinkedBlockers } from "./close-linked-blockers.ts";
import { logFromComment, parseCommentCommand } from "./comment-command.ts";
import { anyEventSchema, issueCommentEventSchema, issueItem, issuesEventSchema, pullRequestEventSchema, pullRequestItem } from "./delivery-payloads.ts";
import { forgetItem, keepItem, type GithubItem } from "./github-items.ts";
import { repositoryKey } from "./github-links.ts";

type Connection = typeof githubConnections.$inferSelect;
export type DeliveryDeps = ChangeDependencies & { config: Pick<Config, "defaultPlan" | "stripe"> };
export type Delivery = { connection: Connection; event: string; deliveryId: string; payload: unknown };

/** GitHub redelivers only the last three days' deliveries: a week of ids is enough to know a repeat. */
const DELIVERIES_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The body's bytes as text, exactly (no byte-order mark dropped, nothing replaced), or undefined when they are not UTF-8. */
export function exactText(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** X-Hub-Signature-256 checked by @octokit/webhooks (HMAC-SHA256 of the body under the secret, compared in constant time). */
export async function isSignedBy(secret: string, body: string, signature: string | undefined): Promise<boolean> {
  if (!signature || body === "") return false;
  try {
    return await new Webhooks({ secret }).verify(body, signature);
  } catch {
    return false;
  }
}

/** The delivery's JSON: the body itself, or the `payload` field of a form-encoded body (GitHub sends either). */
export function payloadOf(body: string, form: boolean): unknown {
  try {
    const json = form ? new URLSearchParams(body).get("payload") : body;
    return json === null ? undefined : (JSON.parse(json) as unknown);
  } catch {
    return undefined;
  }
}

/** A delivery whose signature did not match: the connection's card says so, and the repository's when the body names one it knows. */
export async function noteBadSignature(db: DeliveryDeps["db"], connection: Connection, payload: unknown, now: Date) {
  await db.update(githubConnections).set({ lastBadSignatureAt: now }).where(eq(githubConnections.id, connection.id));
  const named = anyEventSchema.safeParse(payload);
  const repository = named.success ? named.data.repository?.full_name : undefined;
  if (repository) {
    await db
      .update(githubRepositories)
      .set({ lastBadSignatureAt: now })
      .where(and(eq(githubRepositories.connectionId, connection.id), eq(githubRepositories.key, repositoryKey(repository))));
  }
}

/** A signed payload that is not what GitHub documents for its event: a 400 naming the fields, and the delivery not kept. */
function parsed<Schema extends z.ZodType>(schema: Schema, payload: unknown): z.output<Schema> {
  const result = schema.safeParse(payload);
  if (!result.success) throw new Refusal(400, "validation_failed", VALIDATION_MESSAGE, { fields: Object.fromEntries(Object.entries(fieldErrorsOf(result.error)).map(([field, messages]) => [`payload.${field}`, messages])) });
  return result.data;
}

export type DeliveryOutcome = {
  event: string;
  /** duplicate: this X-GitHub-Delivery was applied before; ignored: an event Holdup does not act on. */
  outcome: "applied" | "duplicate" | "ignored";
  /** The blockers a merge or a closing resolved. */
  resolvedBlockers?: string[];
  /** The blocker a `/holdup` comment logged, or why it logged nothing. */
  loggedBlocker?: string;
  skipped?: string;
};

export async function applyDelivery(deps: DeliveryDeps, delivery: Delivery, now: Date): Promise<DeliveryOutcome> {
  const { connection, deliveryId, event } = delivery;
  const first = await deps.db.insert(githubDeliveries).values({ connectionId: connection.id, deliveryId, receivedAt: now }).onConflictDoNothing().returning({ id: githubDeliveries.deliveryId });
  if (first.length === 0) return { event, outcome: "duplicate" };
  try {
    return await apply(deps, delivery, now);
  } catch (error) {
    await deps.db.delete(githubDeliveries).where(and(eq(githubDeliveries.connectionId, connection.id), eq(githubDeliveries.deliveryId, deliveryId)));
    throw error;
  }
}

async function apply(deps: DeliveryDeps, { connection, event, payload }: Delivery, now: Date): Promise<DeliveryOutcome> {
  const { db } = deps;
  const teamId = connection.teamId;
  await db.delete(githubDeliveries).where(and(eq(githubDeliveries.connectionId, connection.id), lt(githubDeliveries.receivedAt, new Date(now.getTime() - DELIVERIES_KEPT_MS))));
  await db.update(githubConnections).set({ lastDeliveryAt: now }).where(eq(githubConnections.id, connection.id));
  const named = anyEventSchema.safeParse(payload);
  const repository = named.success ? named.data.repository?.full_name : undefined;
  if (repository) {
    const action = typeof (payload as { action?: unknown }).action === "string" ? String((payload as { action: string }).action).slice(0, 60) : undefined;
    const lastEvent = action ? `${event}.${action}` : event;
    await db
      .insert(githubRepositories)
      .values({ connectionId: connection.id, key: repositoryKey(repository), fullName: repository, lastDeliveryAt: now, lastEvent })
      .onConflictDoUpdate({ target: [githubRepositories.connectionId, githubRepositories.key], set: { fullName: repository, lastDeliveryAt: now, lastEvent } });
  }

  const keep = async (item: GithubItem | undefined) => {
    if (item) await keepItem(db, teamId, item);
    return item;
  };
  switch (event) {
    case "ping":
      return { event, outcome: "applied" };
    case "pull_request": {
      const delivered = parsed(pullRequestEventSchema, payload);
      const item = await keep(pullRequestItem(delivered));
      // Closed without merging: the state shows "closed", and nothing is resolved.
      if (item && delivered.action === "closed" && item.state === "merged") return { event, outcome: "applied", resolvedBlockers: await closeLinkedBlockers(deps, teamId, item, now) };
      return { event, outcome: "applied" };
    }
    case "issues": {
      const delivered = parsed(issuesEventSchema, payload);
      const item = issueItem(delivered.issue);
      if (item && delivered.action === "deleted") {
        await forgetItem(db, teamId, item);
        return { event, outcome: "applied" };
      }
      await keep(item);
      if (item && delivered.action === "closed") return { event, outcome: "applied", resolvedBlockers: await closeLinkedBlockers(deps, teamId, item, now) };
      return { event, outcome: "applied" };
    }
    case "issue_comment": {
      const delivered = parsed(issueCommentEventSchema, payload);
      await keep(issueItem(delivered.issue));
      const command = delivered.action === "created" && delivered.comment.user.type !== "Bot" ? parseCommentCommand(delivered.comment.body ?? "") : undefined;
      if (!command) return { event, outcome: "applied" };
      const logged = await logFromComment(deps, teamId, delivered, command, now);
      if (logged.logged) return { event, outcome: "applied", loggedBlocker: logged.blockerId };
      await db.update(githubConnections).set({ lastSkippedAt: now, lastSkippedReason: logged.reason.slice(0, 500) }).where(eq(githubConnections.id, connection.id));
      return { event, outcome: "applied", skipped: logged.reason };
    }
    default:
      return { event, outcome: "ignored" };
  }
}
