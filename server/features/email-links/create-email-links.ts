// The links of a notification's e-mail: Open (the blocker's page, signed in as usual), and for the person waited on
// with their part still pending, Mark done and Snooze 1 day, which work without signing in; and the unsubscribe link
// of the e-mail's kind. Made when the e-mail is sent, once per e-mail: a retry of the same e-mail carries the same links.
import { and, eq, inArray } from "drizzle-orm";
import { paths } from "../../../common/paths.ts";
import type { PreferenceEvent } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { blockingUsers, emailLinks } from "../../db/schema.ts";
import type { EmailAction } from "../../mail/email-layout.tsx";
import { linkToken } from "./link-token.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The unsubscribe link of the daily digest names this instead of an event: it turns the digest off. */
export const DIGEST_EVENT = "digest";
/** Mark done and Snooze 1 day: a fortnight, then the e-mail is old news. */
export const ACTION_LINK_DAYS = 14;
/** Unsubscribing keeps working for longer: people find old e-mails. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

/** The words of each kind of e-mail, as the unsubscribe link names them. */
const eventNames: Record<PreferenceEvent, string> = {
  blocker_assigned: "new blockers on you",
  nudged: "nudges",
  done: "parts done",
  declined: "declined blockers",
  resolved: "resolved blockers",
  commented: "comments",
  escalated: "escalations",
};

/** Where a link's page is, and where a mail client's one-click unsubscribe posts (RFC 8058). */
export const linkPageUrl = (appUrl: string, token: string) => new URL(paths.emailLink(token), appUrl).toString();
export const oneClickUrl = (appUrl: string, token: string) => new URL(`/api/email-links/${token}/one-click`, appUrl).toString();

type Needs = { db: Database; secret: string; appUrl: string };

export async function emailLinksFor(deps: Needs, e: { deliveryId: string; profileId: string; blockerId: string; event: PreferenceEvent }, now: Date) {
  const [part] = await deps.db
    .select({ status: blockingUsers.status })
    .from(blockingUsers)
    .where(and(eq(blockingUsers.blockerId, e.blockerId), eq(blockingUsers.profileId, e.profileId)));
  const answerable = part?.status === "pending" && (e.event === "blocker_assigned" || e.event === "nudged");
  const wanted = [
    ...(answerable ? (["done", "snooze"] as const) : []),
    "unsubscribe" as const,
  ].map((action) => ({
    key: `${e.deliveryId}:${action}`,
    action,
    profileId: e.profileId,
    blockerId: action === "unsubscribe" ? null : e.blockerId,
    event: action === "unsubscribe" ? e.event : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (action === "unsubscribe" ? UNSUBSCRIBE_LINK_DAYS : ACTION_LINK_DAYS) * DAY_MS),
  }));
  await deps.db.insert(emailLinks).values(wanted).onConflictDoNothing({ target: emailLinks.key });
  const made = await deps.db.select({ id: emailLinks.id, action: emailLinks.action }).from(emailLinks).where(inArray(emailLinks.key, wanted.map((link) => link.key)));
  const tokenOf = (action: string) => {
    const link = made.find((row) => row.action === action);
    return link ? linkToken(link.id, deps.secret) : undefined;
  };
  const actions: EmailAction[] = [];
  const done = tokenOf("done");
  const snooze = tokenOf("snooze");
  if (done) actions.push({ label: "Mark done", url: linkPageUrl(deps.appUrl, done) });
  if (snooze) actions.push({ label: "Snooze 1 day", url: linkPageUrl(deps.appUrl, snooze) });
  actions.push({ label: "Open", url: new URL(paths.blocker(e.blockerId), deps.appUrl).toString() });
  const unsubscribe = tokenOf("unsubscribe") ?? "";
  return { actions, unsubscribe: { label: `Stop e-mails about ${eventNames[e.event]}`, url: linkPageUrl(deps.appUrl, unsubscribe), oneClickUrl: oneClickUrl(deps.appUrl, unsubscribe) } };
}

/** The digest's unsubscribe link: it turns the daily digest off (single e-mails come again, as chosen). */
export async function digestUnsubscribeLink(deps: Needs, e: { deliveryId: string; profileId: string }, now: Date) {
  const key = `${e.deliveryId}:unsubscribe`;
  await deps.db
    .insert(emailLinks)
    .values({ key, action: "unsubscribe", profileId: e.profileId, event: DIGEST_EVENT, createdAt: now, expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) })
    .onConflictDoNothing({ target: emailLinks.key });
  const [link] = await deps.db.select({ id: emailLinks.id }).from(emailLinks).where(eq(emailLinks.key, key));
  const token = linkToken(link?.id ?? "", deps.secret);
  return { label: "Stop the daily digest", url: linkPageUrl(deps.appUrl, token), oneClickUrl: oneClickUrl(deps.appUrl, token) };
}
