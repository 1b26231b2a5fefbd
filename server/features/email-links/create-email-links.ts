// The links of a notification's e-mail: Open (the blocker's page, signed in as usual), and for the person waited on
// with their part still pending, Mark done, Snooze until tomorrow and Decline, which work without signing in; and the unsubscribe link
// of the e-mail's kind. Made when the e-mail is sent, once per e-mail: a retry of the same e-mail carries the same links.
import { inArray } from "drizzle-orm";
import { paths } from "../../../common/paths.ts";
import type { PreferenceEvent } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { emailLinks } from "../../db/schema.ts";
import type { EmailAction } from "../../mail/email-layout.tsx";
import { linkToken } from "./link-token.ts";
import { DAY_MS } from "../../../common/durations.ts";

/** The unsubscribe links of the daily digest and the weekly report name these instead of an event: each turns its e-mail off. */
export const DIGEST_EVENT = "digest";
export const WEEKLY_REPORT_EVENT = "weekly_report";
export const ownEmailEvents = [DIGEST_EVENT, WEEKLY_REPORT_EVENT] as const;
export type OwnEmailEvent = (typeof ownEmailEvents)[number];
export const isOwnEmailEvent = (event: string): event is OwnEmailEvent => (ownEmailEvents as readonly string[]).includes(event);
const turnOffLabels: Record<OwnEmailEvent, string> = { digest: "Stop the daily digest", weekly_report: "Stop the weekly report" };
/** The answers the person waited on has in the e-mail, each a one-click link to a small page (decline asks the reason there). */
const answerLabels = [
  ["done", "Mark done"],
  ["snooze", "Snooze until tomorrow"],
  ["decline", "Decline"],
] as const;
/** Mark done, Snooze and Decline: a fortnight, then the e-mail is old news. */
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

export type LinkedEmail = { deliveryId: string; profileId: string; blockerId: string; event: PreferenceEvent; partStatus: string | null };

/**
 * The links of several e-mails, made in one statement. `partStatus`: the recipient's part on the blocker, if they are
 * waited on (only then can they answer from the e-mail).
 */
export async function emailLinksForEach(deps: Needs, emails: LinkedEmail[], now: Date) {
  const wantedOf = (e: LinkedEmail) => {
    const answerable = e.partStatus === "pending" && (e.event === "blocker_assigned" || e.event === "nudged");
    return [...(answerable ? (["done", "snooze", "decline"] as const) : []), "unsubscribe" as const].map((action) => ({
      key: `${e.deliveryId}:${action}`,
      action,
      profileId: e.profileId,
      blockerId: action === "unsubscribe" ? null : e.blockerId,
      event: action === "unsubscribe" ? e.event : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (action === "unsubscribe" ? UNSUBSCRIBE_LINK_DAYS : ACTION_LINK_DAYS) * DAY_MS),
    }));
  };
  const made = emails.length === 0 ? [] : await madeOnce(deps.db, emails.flatMap(wantedOf));
  const ids = new Map(made.map((link) => [link.key, link.id]));
  return new Map(
    emails.map((e) => {
      const tokenOf = (action: string) => {
        const id = ids.get(`${e.deliveryId}:${action}`);
        return id ? linkToken(id, deps.secret) : undefined;
      };
      const actions: EmailAction[] = [];
      for (const [action, label] of answerLabels) {
        const token = tokenOf(action);
        if (token) actions.push({ label, url: linkPageUrl(deps.appUrl, token) });
      }
      actions.push({ label: "Open", url: new URL(paths.blocker(e.blockerId), deps.appUrl).toString() });
      const unsubscribe = tokenOf("unsubscribe") ?? "";
      return [e.deliveryId, { actions, unsubscribe: { label: `Stop e-mails about ${eventNames[e.event]}`, url: linkPageUrl(deps.appUrl, unsubscribe), oneClickUrl: oneClickUrl(deps.appUrl, unsubscribe) } }];
    }),
  );
}

/** The links, made on the e-mail's first attempt and found again on a retry's (the same key: the same link). */
async function madeOnce(db: Database, wanted: (typeof emailLinks.$inferInsert)[]) {
  const inserted = await db.insert(emailLinks).values(wanted).onConflictDoNothing({ target: emailLinks.key }).returning({ id: emailLinks.id, key: emailLinks.key });
  if (inserted.length === wanted.length) return inserted;
  return db.select({ id: emailLinks.id, key: emailLinks.key }).from(emailLinks).where(inArray(emailLinks.key, wanted.map((link) => link.key)));
}

/**
 * The unsubscribe link of the daily digest (single e-mails come again, as chosen) or of the weekly report: it turns
 * that e-mail off.
 */
export async function turnOffLink(deps: Needs, e: { deliveryId: string; profileId: string; event: OwnEmailEvent }, now: Date) {
  const [link] = await madeOnce(deps.db, [{ key: `${e.deliveryId}:unsubscribe`, action: "unsubscribe", profileId: e.profileId, event: e.event, createdAt: now, expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) }]);
  const token = linkToken(link?.id ?? "", deps.secret);
  return { label: turnOffLabels[e.event], url: linkPageUrl(deps.appUrl, token), oneClickUrl: oneClickUrl(deps.appUrl, token) };
}
