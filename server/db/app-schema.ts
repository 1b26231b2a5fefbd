// Holdup's own tables (the better-auth tables live in auth-schema.ts).
import { sql } from "drizzle-orm";
import { bigserial, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** PostgreSQL's 64-bit transaction id (xid8), read as text: only compared in SQL. */
const transactionIdType = customType<{ data: string }>({ dataType: () => "xid8" });
import { authAttemptKinds } from "../../common/auth-rules.ts";
import { blockerEventTypes, blockerPriorities, dashboardOrders, blockerStatuses, blockingStatuses, notificationTypes } from "../../common/blockers.ts";
import { blockerSpanKinds, blockerSpanOutcomes } from "../../common/insights.ts";
import type { NotificationPreferences } from "../../common/notification-preferences.ts";
import type { WorkingHours } from "../../common/profile.ts";
import type { ReminderSchedule } from "../../common/reminders.ts";
import type { WebhookEventType } from "../../common/webhooks.ts";
import { githubItemKinds, githubItemStates } from "../../common/github.ts";
import { apikey, organization, user } from "./auth-schema.ts";

/**
 * A person in Holdup. The specification's `profiles`: `auth_id` links to the signed-in user. A deleted account leaves
 * its profile behind without `auth_id` (and without its e-mail): the team's blockers still name it, as a former member.
 */
export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  authId: text("auth_id")
    .unique()
    .references(() => user.id, { onDelete: "set null" }),
  fullName: text("full_name"),
  email: text("email").notNull(),
  avatarUrl: text("avatar_url"),
  timezone: text("timezone").notNull().default("UTC"),
  workingHours: jsonb("working_hours")
    .$type<WorkingHours>()
    .notNull()
    .default(sql`'{"days":[1,2,3,4,5],"start":"09:00","end":"17:00"}'::jsonb`),
  onboardedAt: timestamp("onboarded_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** "Away until" (a date in their own time zone, inclusive): no reminders reach them, teammates see it. */
  awayUntil: date("away_until", { mode: "string" }),
  /** Which channels each kind of event reaches them on, beyond the app (common/notification-preferences.ts). */
  notificationPreferences: jsonb("notification_preferences").$type<NotificationPreferences>(),
  /** The day (theirs) of their last daily digest: one a working day, at its start. */
  lastDigestOn: date("last_digest_on", { mode: "string" }),
  /**
   * Their GitHub login, as they linked it in their settings (common/github.ts): who they are in a `/holdup` comment
   * on GitHub. A claim, not proved by GitHub; no two members of a team may claim the same one (decision 041).
   */
  githubLogin: text("github_login"),
  /** How their dashboard's columns are ordered (common/blocker-values.ts), the same on every device. */
  dashboardOrder: text("dashboard_order", { enum: dashboardOrders }).notNull().default("priority"),
});

/**
 * Attempts at what Holdup limits per e-mail address and per client, kept in the database so the limits hold
 * across server instances (server/auth/attempt-limits.ts, docs/decisions/019-limits-on-secrets-and-mail.md):
 * secret checks (a password, a one-time code, a reset link) and e-mails sent. `client_key` is a keyed hash of the
 * client's network, never the address itself; `email` is the address the attempt was about, when it names one.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: authAttemptKinds }).notNull(),
    email: text("email"),
    clientKey: text("client_key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("auth_attempts_email_idx").on(table.kind, table.email, table.at),
    index("auth_attempts_client_idx").on(table.kind, table.clientKey, table.at),
    index("auth_attempts_at_idx").on(table.at),
  ],
);

/** One thing someone is waiting for (DESIGN.md §2). */
export const blockers = pgTable(
  "blockers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    linkUrl: text("link_url"),
    priority: text("priority", { enum: blockerPriorities }).notNull().default("normal"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    status: text("status", { enum: blockerStatuses }).notNull().default("open"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => profiles.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => profiles.id),
    source: text("source").notNull().default("web"),
    externalRef: text("external_ref"),
  },
  (table) => [
    index("blockers_organization_status_idx").on(table.organizationId, table.status, table.createdAt),
    // Search walks a team's blockers newest first to find its candidates (server/features/search/search-team.ts).
    index("blockers_organization_created_idx").on(table.organizationId, table.createdAt),
    // The Free plan's daily limit counts a person's blockers of today.
    index("blockers_created_by_idx").on(table.createdBy, table.createdAt),
    index("blockers_organization_resolved_idx").on(table.organizationId, table.resolvedAt),
  ],
);

/** The two columns that tie a person to a blocker, in both blocking_users and blocked_users. */
const blockerAndPerson = () => ({
  blockerId: uuid("blocker_id")
    .notNull()
    .references(() => blockers.id, { onDelete: "cascade" }),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
});

/** The people a blocker waits on, each with their own status (the specification's `blocking_users`). */
export const blockingUsers = pgTable(
  "blocking_users",
  {
    ...blockerAndPerson(),
    status: text("status", { enum: blockingStatuses }).notNull().default("pending"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    lastNudgedAt: timestamp("last_nudged_at", { withTimezone: true }),
    nudgeCount: integer("nudge_count").notNull().default(0),
    /** Why they declined, and whom they suggested asking instead: what the people waiting see on their card. */
    declineReason: text("decline_reason"),
    suggestedProfileId: uuid("suggested_profile_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Since when the part waits on the person: the blocker logged, them added, or asked again. Reminders count from it. */
    waitingSince: timestamp("waiting_since", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the next automatic nudge is due (server/features/reminders/next-reminder.ts), kept up to date by every
     * change it depends on; null when none is to come. The reminder engine finds due parts by it.
     */
    nextReminderAt: timestamp("next_reminder_at", { withTimezone: true }),
    autoNudgeCount: integer("auto_nudge_count").notNull().default(0),
    /** When the team's owners and admins were told this part had needed many automatic nudges (once). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.profileId] }),
    // "Waiting on me" counts by person and status; the blocker's pending check looks up by blocker and status.
    index("blocking_users_profile_status_idx").on(table.profileId, table.status),
    index("blocking_users_blocker_status_idx").on(table.blockerId, table.status),
    // The reminder engine's look for what is due: only parts that still have a reminder to come.
    index("blocking_users_next_reminder_idx").on(table.nextReminderAt).where(sql`${table.nextReminderAt} is not null`),
  ],
);

/** The people a blocker holds up (the specification's `blocked_users`); the creator is always one. */
export const blockedUsers = pgTable(
  "blocked_users",
  {
    ...blockerAndPerson(),
    /**
     * Whether the blocker is open, kept by the database itself (triggers in migration 0006): "I'm waiting on" finds
     * my open blockers through the partial index below, whatever the size of the team's open work or history.
     */
    blockerOpen: boolean("blocker_open").notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.profileId] }),
    index("blocked_users_profile_idx").on(table.profileId, table.blockerId),
    index("blocked_users_open_idx").on(table.profileId, table.blockerId).where(sql`${table.blockerOpen}`),
  ],
);

/**
 * People outside the team a blocker waits on, named by e-mail when it was logged: each was sent an invitation, and
 * the blocker waits on them (a blocking entry) from the moment they join the team (accept-invitation.ts).
 */
export const blockerInvitees = pgTable(
  "blocker_invitees",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => blockers.id, { onDelete: "cascade" }),
    /** Lowercased, as invitations are. */
    email: text("email").notNull(),
    invitedBy: uuid("invited_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.email] }), index("blocker_invitees_email_idx").on(table.email)],
);

/** The timeline: append-only, one row per change, written in the same transaction as the change. */
export const blockerEvents = pgTable(
  "blocker_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => blockers.id, { onDelete: "cascade" }),
    /** Null for Holdup itself (automatic nudges). */
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    type: text("type", { enum: blockerEventTypes }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: events of one transaction share their time, the timeline keeps them in the order they happened. */
    sequence: bigserial("sequence", { mode: "number" }).notNull(),
    /**
     * The transaction that wrote the event. Sequences are taken before commit, so a reader of "events after N" (the
     * public API's event feed) reads only those whose transactions can no longer be overtaken by one still running.
     */
    transactionId: transactionIdType("transaction_id").notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [index("blocker_events_blocker_idx").on(table.blockerId, table.sequence), index("blocker_events_feed_idx").on(table.transactionId, table.sequence)],
);

/** In-app notifications; unread ones have no read_at. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    blockerId: uuid("blocker_id").references(() => blockers.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    sequence: bigserial("sequence", { mode: "number" }).notNull(),
  },
  (table) => [index("notifications_profile_idx").on(table.profileId, table.sequence), index("notifications_unread_idx").on(table.profileId, table.readAt)],
);

/**
 * What people sent through the /support form, stored before it is mailed so nothing is lost (decision 014).
 * `client_key` is a keyed hash of the sender's network, never the address itself; the rate limits count by it
 * and by e-mail address, each within the last hour.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** The sender's profile when they were signed in. */
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    clientKey: text("client_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null until the mail to the support address went out: these are the ones to send again. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (table) => [
    index("support_requests_client_idx").on(table.clientKey, table.createdAt),
    index("support_requests_email_idx").on(table.email, table.createdAt),
  ],
);

/**
 * A team's subscription to Plus, as Stripe last said it is (decision 031). One row per team that has been to
 * Stripe's Checkout: its customer, and its current subscription with the subscription's own status.
 */
export const teamBilling = pgTable("team_billing", {
  teamId: text("team_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** Stripe's: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  subscriptionStatus: text("subscription_status"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events already applied: a second delivery of one changes nothing (Stripe delivers at least once). */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A team's schedule of automatic reminders (DESIGN.md §4), once an owner or admin changed it; otherwise the defaults. */
export const teamReminderSchedules = pgTable("team_reminder_schedules", {
  teamId: text("team_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  schedule: jsonb("schedule").$type<ReminderSchedule>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => profiles.id, { onDelete: "set null" }),
});

export const deliveryChannels = ["email", "slack"] as const;
/** `dropped`: nothing was left to send when its turn came (the blocker or the recipient gone). */
export const deliveryStatuses = ["pending", "sending", "sent", "failed", "dropped"] as const;

/**
 * What Holdup sends outside the app, one row per message and channel (decision 034): written in the transaction
 * that decides to send it (a notification's e-mail, a digest), sent by the job queue's worker. The idempotency key
 * (the notification, or the digest's person and day, with the channel) makes it one message however often the work
 * is retried, and is the e-mail's Message-ID. A failure stays visible to the team's owners and admins.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    channel: text("channel", { enum: deliveryChannels }).notNull(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The team it is about (its admins see its failures); null for what spans teams (a digest). */
    teamId: text("team_id").references(() => organization.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "cascade" }),
    /** The notification's type, or "digest". */
    kind: text("kind").notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The SMTP server's id for the message, once it accepted it. */
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * Waits with the recipient's other changes and goes out with them as one message (issue #27: a person's changes
     * within EMAIL_BATCH_SECONDS are one e-mail); false for what goes at once and alone (a nudge by hand).
     */
    batched: boolean("batched").notNull().default(false),
  },
  (table) => [
    index("deliveries_team_status_idx").on(table.teamId, table.status, table.lastAttemptAt),
    index("deliveries_status_idx").on(table.status, table.lastAttemptAt),
    index("deliveries_batch_idx").on(table.profileId, table.channel, table.status).where(sql`${table.batched}`),
  ],
);

export const emailLinkActions = ["done", "snooze", "decline", "unsubscribe"] as const;

/**
 * The one-click links of an e-mail (decision 034): Mark done, Snooze until tomorrow and Decline for the person waited on, and the
 * unsubscribe link of the e-mail's kind. The link carries this row's id and its signature; the row says what it does,
 * until when, and whether it was used (and what happened then, which a second click shows).
 */
export const emailLinks = pgTable("email_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The e-mail (its delivery) and the action: every attempt at sending one e-mail carries the same links. */
  key: text("key").notNull().unique(),
  action: text("action", { enum: emailLinkActions }).notNull(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  blockerId: uuid("blocker_id").references(() => blockers.id, { onDelete: "cascade" }),
  /** For an unsubscribe link: the kind of e-mail it stops (a notification preference's event). */
  event: text("event"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  outcome: jsonb("outcome").$type<Record<string, unknown>>(),
});

/**
 * A team's Slack workspace (issue #12, decision 035): one per team, and a workspace serves one team, so a command from
 * it is always about that team. Disconnecting deletes the row, and the people's links with it.
 */
export const slackWorkspaces = pgTable("slack_workspaces", {
  teamId: text("team_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  slackTeamId: text("slack_team_id").notNull().unique(),
  name: text("name").notNull(),
  iconUrl: text("icon_url"),
  botUserId: text("bot_user_id").notNull(),
  /** The bot token, sealed with a key derived from the auth secret (server/features/slack/token-seal.ts): never kept in clear. */
  sealedBotToken: text("sealed_bot_token").notNull(),
  installedBy: uuid("installed_by").references(() => profiles.id, { onDelete: "set null" }),
  installedAt: timestamp("installed_at", { withTimezone: true }).notNull(),
  /** Slack's last refusal of a call (a revoked token, Slack down), shown on the integrations page until a call succeeds. */
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
});

/** Who a Slack user is in Holdup: found by their verified e-mail address, or linked by them through a connect link. */
export const slackPeople = pgTable(
  "slack_people",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => slackWorkspaces.teamId, { onDelete: "cascade" }),
    slackUserId: text("slack_user_id").notNull(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
    /** When they last opened the app's Home tab: theirs is republished when something of theirs changes. */
    homeOpenedAt: timestamp("home_opened_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.slackUserId] }), index("slack_people_profile_idx").on(table.profileId)],
);

/** Slack events already applied: Slack delivers at least once and retries (X-Slack-Retry-Num); a repeat changes nothing. */
export const slackEvents = pgTable("slack_events", {
  id: text("id").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});

/**
 * Holdup's messages in Slack about a blocker (a DM to someone, a thread reply in a channel): kept so that a change
 * made anywhere — the web app, an e-mail link, another message — updates them in place (chat.update), and a reply in
 * a DM's thread is known to be about that blocker.
 */
export const slackMessages = pgTable(
  "slack_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: text("team_id")
      .notNull()
      .references(() => slackWorkspaces.teamId, { onDelete: "cascade" }),
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => blockers.id, { onDelete: "cascade" }),
    /** Who the DM is to; null for a message in a channel. */
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    ts: text("ts").notNull(),
    /** The notification it was sent for (blocker_assigned, nudged, …), or "channel" for a reply in a channel's thread. */
    kind: text("kind").notNull(),
    /** Its first line as sent ("Olivia is waiting on you"): kept when the rest is updated to say how things stand. */
    heading: text("heading").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("slack_messages_blocker_idx").on(table.blockerId), index("slack_messages_channel_ts_idx").on(table.channel, table.ts)],
);

/**
 * The reports' rollup (issue #13, docs/decisions/037-insights.md): the stretches of time a blocker was open
 * (`open`), a blocking person's part was pending (`blocking`) and a person waited on it (`waiting`). Kept by every
 * change to a blocker, in the change's transaction (server/features/insights/track-spans.ts), from the state the
 * change left: the reports aggregate these in SQL over a date range instead of replaying the timeline.
 */
export const blockerSpans = pgTable(
  "blocker_spans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => blockers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: blockerSpanKinds }).notNull(),
    /** The person waited on (`blocking`) or waiting (`waiting`); null for the blocker's own `open` span. */
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Null while it lasts. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** How it ended (common/insights.ts): resolved or cancelled; done, declined, released or removed; ended or removed. */
    outcome: text("outcome", { enum: blockerSpanOutcomes }),
    /** Nudges (manual and automatic) the person was sent while the part was pending: "nudges before acting". */
    nudges: integer("nudges").notNull().default(0),
  },
  (table) => [
    // A range's spans: those that ended after it began, or have not ended (ended_at null sorts last).
    index("blocker_spans_team_idx").on(table.organizationId, table.kind, table.endedAt),
    // One person's, for their own insights.
    index("blocker_spans_person_idx").on(table.profileId, table.kind, table.endedAt),
    // A blocker's spans of a kind: the waiting beside a part (person-hours), the parts of a resolved blocker (its
    // nudges), the ongoing ones a change may end.
    index("blocker_spans_blocker_idx").on(table.blockerId, table.kind),
  ],
);

/**
 * The answers of POSTs to /api/v1 sent with an Idempotency-Key, per API key, kept a day: a retry gets the first
 * answer again and never makes a second change (server/features/public-api/idempotency.ts). `status` is null while
 * the first request is still being answered.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    keyId: text("key_id")
      .notNull()
      .references(() => apikey.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The method, path and body's digest: the same key sent with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.idempotencyKey] }), index("api_idempotency_created_idx").on(table.createdAt)],
);

/**
 * A team's outgoing webhook (decision 039): an address the team's blocker events are posted to, signed as Standard
 * Webhooks says with the endpoint's secret. The secret is sealed with a key derived from the auth secret; after a
 * rotation the previous one still signs (beside the new) for a day, so receivers can switch without losing events.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: text("team_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** The events it receives (common/webhooks.ts). */
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    sealedSecret: text("sealed_secret").notNull(),
    previousSealedSecret: text("previous_sealed_secret"),
    /** Until when the previous secret signs too. */
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it is off: someone turned it off, or Holdup did after three days of failures. */
    disabledReason: text("disabled_reason", { enum: ["manual", "failing"] }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** The first failed attempt since the last success: three days of nothing but failures turn the endpoint off. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
  },
  (table) => [index("webhook_endpoints_team_idx").on(table.teamId)],
);

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;

/**
 * One event for one endpoint: its body as built when the event happened (sent byte for byte on every attempt), its id
 * (`msg_…`, the `webhook-id` header, the same across retries and redeliveries), and where its attempts stand.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    eventType: text("event_type").$type<WebhookEventType>().notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    /** Attempts made so far; a job names the count it expects, so a stale or repeated job sends nothing. */
    attempts: integer("attempts").notNull().default(0),
    /** While pending: when the next attempt is due (or, while one is under way, when it counts as lost). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** Failed attempts are tried again until then (a day after the event; a redelivery is tried once). */
    retryUntil: timestamp("retry_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("webhook_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.status),
  ],
);

/** Each try of a delivery, for the endpoint's delivery log: what the endpoint answered, or why nothing was sent. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    ok: boolean("ok").notNull(),
    /** The HTTP status, when the endpoint answered. */
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms"),
    /** The first kilobyte of the answer's body. */
    responseExcerpt: text("response_excerpt"),
    /** Why it failed without an answer, or why the answer was a failure ("redirect not followed"). */
    error: text("error"),
    /** Sent again by someone (Redeliver), not by the schedule. */
    manual: boolean("manual").notNull().default(false),
  },
  (table) => [index("webhook_attempts_endpoint_idx").on(table.endpointId, table.at, table.id)],
);

/**
 * A team's GitHub connection (issue #14, decision 041): one per team, counted as one integration. GitHub posts the
 * deliveries of the repositories (or organizations) the team pointed at it to an address naming this row's id, signed
 * with its secret (X-Hub-Signature-256). The secret is sealed with a key derived from the auth secret, as Slack's token
 * is (server/features/slack/token-seal.ts). Disconnecting deletes the row, and with it everything below.
 */
export const githubConnections = pgTable("github_connections", {
  id: uuid("id").primaryKey().defaultRandom(),
  teamId: text("team_id")
    .notNull()
    .unique()
    .references(() => organization.id, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  connectedBy: uuid("connected_by").references(() => profiles.id, { onDelete: "set null" }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull(),
  secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true }),
  /** The last delivery whose signature was right, and the last one whose signature was not (or missing). */
  lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
  lastBadSignatureAt: timestamp("last_bad_signature_at", { withTimezone: true }),
  /** The last `/holdup` comment that logged nothing, and why (someone who is nobody in the team, a limit): said on the card. */
  lastSkippedAt: timestamp("last_skipped_at", { withTimezone: true }),
  lastSkippedReason: text("last_skipped_reason"),
});

/** The repository set: each repository whose signed deliveries reached the connection, with its last one. */
export const githubRepositories = pgTable(
  "github_repositories",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => githubConnections.id, { onDelete: "cascade" }),
    /** "owner/name" in lower case: GitHub's names are not case-sensitive. */
    key: text("key").notNull(),
    /** "owner/name" as GitHub spells it. */
    fullName: text("full_name").notNull(),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }).notNull(),
    lastEvent: text("last_event").notNull(),
    /** A delivery naming this repository came with a bad signature (the secret in GitHub is not this one any more). */
    lastBadSignatureAt: timestamp("last_bad_signature_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.key] })],
);

/**
 * Deliveries already applied, by X-GitHub-Delivery: GitHub's "Redeliver" sends the same id again, and a repeat changes
 * nothing. Kept a week (GitHub redelivers only the last three days' deliveries), trimmed as new ones arrive.
 */
export const githubDeliveries = pgTable(
  "github_deliveries",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => githubConnections.id, { onDelete: "cascade" }),
    deliveryId: text("delivery_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.deliveryId] }), index("github_deliveries_received_idx").on(table.connectionId, table.receivedAt)],
);

/**
 * The pull requests and issues of a team's connected repositories as their deliveries left them: what a blocker
 * linking to one shows ("merged", "draft"). `updated_at` is GitHub's, so a delivery arriving late never undoes a newer one.
 */
export const githubItems = pgTable(
  "github_items",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => githubConnections.teamId, { onDelete: "cascade" }),
    /** "owner/name" in lower case. */
    repository: text("repository").notNull(),
    number: integer("number").notNull(),
    kind: text("kind", { enum: githubItemKinds }).notNull(),
    state: text("state", { enum: githubItemStates }).notNull(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.repository, table.number] })],
);
