// The public API's resources (/api/v1, webhooks' payloads, the MCP server's answers): what a blocker, a person and an
// event look like to a script. zod schemas, so the OpenAPI document is generated from them (`.meta` gives each its
// name, description and example; server/features/public-api/openapi-document.ts) and a test validates every example.
import { z } from "zod";
import { blockerEventTypes, blockerPriorities, blockerSources, blockerStatuses, blockingStatuses } from "./blocker-values.ts";

const stamp = z.iso.datetime({ offset: true });
const EXAMPLE_ID = "7d0c9a8e-3a51-4f0e-9a52-2f7a1c3b9e10";
const BOB = { id: "0b8f6c1e-5d2a-4f7b-8c3d-1e2f3a4b5c6d", name: "Bob Baker", email: "bob@example.com", formerMember: false };
const ANA = { id: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d", name: "Ana Alvarez", email: "ana@example.com", formerMember: false };

export const personSchema = z
  .object({
    id: z.uuid(),
    name: z.string().nullable().meta({ description: "Their full name; null when they have not given one" }),
    email: z.string().meta({ description: "Empty for someone whose account was deleted" }),
    formerMember: z.boolean().meta({ description: "No longer in the team; their history stays" }),
  })
  .meta({ id: "Person", example: BOB });
export type PersonResource = z.infer<typeof personSchema>;

export const blockingPartSchema = z
  .object({
    person: personSchema,
    status: z.enum(blockingStatuses).meta({ description: "pending: still waited on; released: the blocker ended while it was pending" }),
    snoozedUntil: stamp.nullable(),
    lastNudgedAt: stamp.nullable(),
    declineReason: z.string().nullable(),
  })
  .meta({ id: "BlockingPart", description: "One person waited on, and their answer" });

export const blockerSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    linkUrl: z.string().nullable(),
    priority: z.enum(blockerPriorities),
    status: z.enum(blockerStatuses),
    source: z.enum(blockerSources).meta({ description: "Where it was logged: web, slack, email, api, tray or github" }),
    dueAt: stamp.nullable(),
    createdAt: stamp,
    resolvedAt: stamp.nullable(),
    url: z.url().meta({ description: "The blocker's page in Holdup" }),
    creator: personSchema,
    waiting: z.array(personSchema).meta({ description: "The people held up (the creator is always one)" }),
    blocking: z.array(blockingPartSchema).meta({ description: "The people waited on, each with their own answer" }),
    invited: z.array(z.string()).meta({ description: "People outside the team it will wait on once they join, by e-mail" }),
  })
  .meta({
    id: "Blocker",
    example: {
      id: EXAMPLE_ID,
      title: "API spec for payments",
      description: null,
      linkUrl: "https://github.com/acme/api/pull/42",
      priority: "high",
      status: "open",
      source: "api",
      dueAt: null,
      createdAt: "2026-11-20T09:30:00.000Z",
      resolvedAt: null,
      url: `https://holdup.example.com/blockers/${EXAMPLE_ID}`,
      creator: ANA,
      waiting: [ANA],
      blocking: [{ person: BOB, status: "pending", snoozedUntil: null, lastNudgedAt: "2026-11-21T10:00:00.000Z", declineReason: null }],
      invited: [],
    },
  });
export type BlockerResource = z.infer<typeof blockerSchema>;

export const blockerPageSchema = z
  .object({ blockers: z.array(blockerSchema), nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last" }) })
  .meta({ id: "BlockerPage" });

/** Which blockers a list holds: mine to answer, mine to wait for, or the whole team's. */
export const blockerViews = ["waiting_on_me", "im_waiting_on", "team"] as const;
export const blockerListStatuses = ["open", "resolved", "cancelled", "all"] as const;
export const PAGE_SIZE_MAX = 100;

export const blockerListQuerySchema = z.object({
  view: z.enum(blockerViews).default("team").meta({ description: "waiting_on_me: my part is pending; im_waiting_on: I wait, and someone's part is pending; team: every blocker of the team" }),
  status: z.enum(blockerListStatuses).default("open"),
  priority: z.enum(blockerPriorities).optional(),
  person: z.uuid("Not a valid person").optional().meta({ description: "Only blockers this person waits on or is waited on in" }),
  limit: z.coerce.number("Use a whole number").int("Use a whole number").min(1, "Use at least 1").max(PAGE_SIZE_MAX, `Use at most ${PAGE_SIZE_MAX}`).default(25),
  cursor: z.string().max(300, "Not a valid list position").optional(),
});

export const teammateSchema = personSchema
  .extend({ role: z.enum(["owner", "admin", "member"]), awayUntil: z.string().nullable().meta({ description: "The day they are away until, if they said so" }) })
  .meta({ id: "Teammate", example: { ...BOB, role: "member", awayUntil: null } });
export type TeammateResource = z.infer<typeof teammateSchema>;

export const countersSchema = z
  .object({
    waitingOnMe: z.int().meta({ description: "My parts still pending" }),
    imWaitingOn: z.int().meta({ description: "Blockers I wait on that still wait on someone" }),
  })
  .meta({ id: "Counters", example: { waitingOnMe: 2, imWaitingOn: 3 } });

export const eventSchema = z
  .object({
    id: z.uuid(),
    cursor: z.string().meta({ description: "This event's place in the feed" }),
    type: z.enum(blockerEventTypes),
    blockerId: z.uuid(),
    actor: personSchema.nullable().meta({ description: "Who did it; null for Holdup itself (automatic nudges) or an integration" }),
    person: personSchema.nullable().meta({ description: "Whose part or membership it was about, when it was about someone" }),
    payload: z.record(z.string(), z.unknown()),
    createdAt: stamp,
  })
  .meta({
    id: "Event",
    example: { id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b", cursor: "MTIzNA", type: "done", blockerId: EXAMPLE_ID, actor: BOB, person: BOB, payload: { profileId: BOB.id }, createdAt: "2026-11-21T15:02:00.000Z" },
  });

export const eventPageSchema = z
  .object({ events: z.array(eventSchema), nextCursor: z.string().meta({ description: "Pass as `after` to read what happens next; the same when nothing new happened" }) })
  .meta({ id: "EventPage" });

export const eventsQuerySchema = z.object({
  after: z.string().max(100, "Not a valid feed position").optional().meta({ description: "The `nextCursor` of the last page read; omitted, the feed starts at the team's first event" }),
  limit: z.coerce.number("Use a whole number").int("Use a whole number").min(1, "Use at least 1").max(PAGE_SIZE_MAX, `Use at most ${PAGE_SIZE_MAX}`).default(50),
});

export const errorSchema = z
  .object({
    code: z.string().meta({ description: "Stable, for programs" }),
    message: z.string().meta({ description: "For people" }),
    fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: "On validation_failed: each field at fault and why" }),
  })
  .meta({ id: "Error", example: { code: "validation_failed", message: "Some fields are not valid", fields: { title: ["Say what you are waiting for"] } } });

export const whoAmISchema = z
  .object({ person: personSchema, team: z.object({ id: z.string(), name: z.string() }), scope: z.enum(["read", "write"]) })
  .meta({ id: "WhoAmI", example: { person: BOB, team: { id: "team_8kq2", name: "Acme" }, scope: "write" } });
