import type { Auth } from "../auth/auth.ts";
import type { EndedSessions } from "../auth/ended-sessions.ts";
import type { DeviceClientId } from "../../common/devices.ts";
import type { WorkingHours } from "../../common/profile.ts";
import type { DashboardOrder } from "../../common/blocker-values.ts";
import type { DeviceSessionReader } from "../auth/device-session.ts";
import type { SessionReader } from "../auth/session-reader.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { AnswerCache } from "./answer-cache.ts";
import type { ClientResolver } from "./client-address.ts";
import type { StreamLimits } from "../realtime/stream-limits.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { EventHub } from "../realtime/event-hub.ts";
import type { AvatarStore } from "../storage/avatar-store.ts";

export type Clock = { now: () => Date };

/** What every route can reach: built once in main.ts (or in a test) and handed to createApp. */
export type AppDependencies = {
  config: Config;
  db: Database;
  auth: Auth;
  /** The auth secret in use (AUTH_SECRET, or the one kept in DATA_DIR): also keys the hashes of client addresses. */
  secret: string;
  /** The session of a request: better-auth's signed cookie cache first, the database when that is not enough. */
  readSession: SessionReader;
  /** The session of a tray or browser extension, from its bearer token (decision 042). */
  readDeviceSession: DeviceSessionReader;
  /** People one of whose sessions just ended: their signed session copies are checked against the database (decision 032). */
  endedSessions: EndedSessions;
  mailer: Mailer;
  /** People's pictures: files under DATA_DIR, or an S3-compatible bucket (server/storage/avatar-store.ts). */
  avatars: AvatarStore;
  events: EventHub;
  /** How many live event streams are open, per holder and in all (server/realtime/stream-limits.ts). */
  streams: StreamLimits;
  /** The job queue (pg-boss on the app's database): e-mails, reminders (server/jobs/job-queue.ts). */
  jobs: JobQueue;
  /** Answers kept while nothing they were read from changed (members, dashboards, the team board): decision 028. */
  answers: AnswerCache;
  logger: Logger;
  clock: Clock;
  /** The client's address: the socket's peer, or what a trusted proxy says (TRUST_PROXY). */
  clientAddressOf: ClientResolver;
};

type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SignedInUser = SessionData["user"];
export type SignedInSession = SessionData["session"];

/** The signed-in person as a member of their team (set by requireMember). */
export type Member = { profileId: string; fullName: string | null; email: string; timezone: string; workingHours: WorkingHours; dashboardOrder: DashboardOrder; teamId: string; role: string; isAdmin: boolean };

/** The API key a public API request came with (server/features/api-keys/api-key-check.ts); `device` when it is a signed-in tray's or extension's token instead (decision 042). */
export type ApiKeyCaller = { id: string; scope: "read" | "write"; userId: string; device?: DeviceClientId };

export type AppEnv = { Variables: { user: SignedInUser; session: SignedInSession; member: Member; apiKey: ApiKeyCaller } };
