// The public REST API, /api/v1 (issue #14; decision 040). Every route: an API key (Bearer), the same zod validation
// as the rest of the API (400 naming the field), the same operations as the web app's routes (the feature functions
// under server/features/blockers/, never copies), `Idempotency-Key` on POSTs, RateLimit-* headers. The routes are
// described as they are declared (@hono/zod-openapi), so /api/v1/openapi.json cannot drift from what they do.
import { snoozeRequestOf } from "../../../common/snooze.ts";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { blockerIdSchema, commentSchema, declineSchema, nudgeSchema, snoozeSchema } from "../../../common/blockers.ts";
import {
  blockerListQuerySchema,
  blockerPageSchema,
  blockerSchema,
  countersSchema,
  errorSchema,
  eventPageSchema,
  eventsQuerySchema,
  teammateSchema,
  whoAmISchema,
} from "../../../common/public-api.ts";
import { organization } from "../../db/schema.ts";
import type { AppDependencies, AppEnv, Member } from "../../http/app-env.ts";
import { VALIDATION_MESSAGE } from "../../http/refusal.ts";
import { fieldErrorsOf } from "../../http/validate.ts";
import { bearerToken } from "../../auth/device-session.ts";
import { signOutThisDevice } from "../account/sign-out-devices.ts";
import { requireApiKey, requireWriteScope } from "../api-keys/api-key-check.ts";
import { commentOnBlocker } from "../blockers/comment-on-blocker.ts";
import { createBlocker } from "../blockers/create-blocker.ts";
import { endBlocker, reopenBlocker } from "../blockers/end-blocker.ts";
import { nudgeBlockingPerson } from "../blockers/nudge-blocking-person.ts";
import { decline, markDone, snooze } from "../blockers/respond-to-blocker.ts";
import { countWaiting } from "../counters/count-waiting.ts";
import { listTeammates } from "../people/list-teammates.ts";
import { readBlockerResource } from "./blocker-resource.ts";
import { readEventFeed } from "./event-feed.ts";
import { honourIdempotencyKey, IDEMPOTENCY_HEADER } from "./idempotency.ts";
import { listBlockers } from "./list-blockers.ts";
import { apiCreateBlockerSchema } from "./api-schemas.ts";

export const API_V1_PATH = "/api/v1";
/** Paths that take an API key and never a cookie: no Origin is asked of them (server/http/same-origin.ts). */
export const KEY_AUTHENTICATED_PATHS = [/^\/api\/v1\//, /^\/api\/mcp$/];
export const SECURITY_SCHEME = "apiKey";

const json = <Schema extends z.ZodType>(schema: Schema, description: string) => ({ content: { "application/json": { schema } }, description });
const error = (description: string) => json(errorSchema, description);

/** What any route may answer besides its success. */
const refusals = {
  400: error("A field is not valid: `fields` names each one and why"),
  401: error("No API key, or one that is revoked, expired or unknown"),
  403: error("The key can only read, or the operation is not yours to do (the Free plan's limits say so too)"),
  404: error("No such blocker in the key's team"),
  429: error("Too many requests with this key: see Retry-After and the RateLimit-* headers"),
} as const;

const idempotencyHeader = z.object({
  [IDEMPOTENCY_HEADER]: z.string().optional().meta({ description: "Any unique text (a UUID): a retry with the same key and body gets the first answer and changes nothing. Kept a day." }),
});
const blockerParam = z.object({ id: blockerIdSchema.meta({ param: { name: "id", in: "path" }, example: "7d0c9a8e-3a51-4f0e-9a52-2f7a1c3b9e10" }) });

/** The parts every operation's description shares: its name, summary and tags, and the key it needs. */
const described = (operationId: string, summary: string, tags: string[], description?: string) => ({ operationId, summary, tags, description, security: [{ [SECURITY_SCHEME]: [] }] });

const body = <Schema extends z.ZodType>(schema: Schema) => ({ body: { content: { "application/json": { schema } }, required: true } });

export function publicApiRoutes(deps: AppDependencies) {
  const { db, clock, config } = deps;
  const now = () => clock.now();
  const api = new OpenAPIHono<AppEnv>({
    // The app's validation answer, the same as every other route's (server/http/validate.ts).
    defaultHook: (result, c) => {
      if (!result.success) return c.json({ code: "validation_failed", message: VALIDATION_MESSAGE, fields: fieldErrorsOf(result.error) }, 400);
    },
  });
  api.openAPIRegistry.registerComponent("securitySchemes", SECURITY_SCHEME, { type: "http", scheme: "bearer", description: "An API key made in Settings → Personal → API keys: `Authorization: Bearer hk_…`" });
  api.use("*", requireApiKey(deps));
  const write = [requireWriteScope, honourIdempotencyKey(deps)];
  const writeHeaders = { headers: idempotencyHeader };
  const blockerAnswer = { 200: json(blockerSchema, "The blocker as it now is"), ...refusals };
  const answerBlocker = (teamId: string, id: string) => readBlockerResource(db, teamId, id, config.appUrl);
  /** Runs an operation on a blocker as the key's owner, then answers the blocker as it now is. */
  const changed = async (member: Member, id: string, change: (member: Member, id: string) => Promise<unknown>) => {
    await change(member, id);
    return answerBlocker(member.teamId, id);
  };

  return api
    .openapi(createRoute({ method: "get", path: "/me", ...described("whoAmI", "The key's owner, team and scope", ["Me"]), responses: { 200: json(whoAmISchema, "Who the key acts as"), ...refusals } }), async (c) => {
      const m = c.get("member");
      const [team] = await db.select({ name: organization.name }).from(organization).where(eq(organization.id, m.teamId));
      return c.json({ person: { id: m.profileId, name: m.fullName, email: m.email, formerMember: false }, team: { id: m.teamId, name: team?.name ?? "" }, scope: c.get("apiKey").scope }, 200);
    })
    .openapi(
      createRoute({
        method: "post",
        path: "/me/sign-out",
        ...described("signOutDevice", "Sign this device out", ["Me"], "For Holdup's tray and browser extension, signed in through the device grant: ends the device's session as Sign out in Settings → Personal does, and its token opens nothing any more. An API key does not sign out: revoke it in Settings → Personal → API keys (403)."),
        responses: { 204: { description: "Signed out" }, ...refusals },
      }),
      async (c) => {
        const token = bearerToken(c.req.header("authorization"));
        if (!c.get("apiKey").device || !token) return c.json({ code: "not_a_device", message: "An API key does not sign out: revoke it in Settings → Personal → API keys" }, 403);
        await signOutThisDevice(deps.auth, token);
        return c.body(null, 204);
      },
    )
    .openapi(createRoute({ method: "get", path: "/counters", ...described("getCounters", "Waiting on me, and I'm waiting on", ["Me"]), responses: { 200: json(countersSchema, "The two counters of the profile card"), ...refusals } }), async (c) =>
      c.json(await countWaiting(db, c.get("member")), 200),
    )
    .openapi(createRoute({ method: "get", path: "/people", ...described("listPeople", "The key's teammates", ["People"]), responses: { 200: json(z.object({ people: z.array(teammateSchema) }), "Everyone in the team"), ...refusals } }), async (c) => {
      const people = await listTeammates(db, c.get("member"));
      return c.json({ people: people.map((p) => ({ id: p.id, name: p.fullName, email: p.email, formerMember: false, role: p.role as "owner" | "admin" | "member", awayUntil: p.awayUntil })) }, 200);
    })
    .openapi(
      createRoute({ method: "get", path: "/blockers", ...described("listBlockers", "List blockers", ["Blockers"], "Newest first, a page at a time: pass `nextCursor` back as `cursor`."), request: { query: blockerListQuerySchema }, responses: { 200: json(blockerPageSchema, "A page of blockers"), ...refusals } }),
      async (c) => c.json(await listBlockers(deps, c.get("member"), c.req.valid("query")), 200),
    )
    .openapi(
      createRoute({ method: "post", path: "/blockers", ...described("createBlocker", "Log a blocker", ["Blockers"], "Waiting on teammates, by id (GET /people). Logged with source `api` (`tray` from Holdup's tray or browser extension)."), middleware: write, request: { ...writeHeaders, ...body(apiCreateBlockerSchema) }, responses: { 201: json(blockerSchema, "The new blocker"), ...refusals } }),
      async (c) => {
        const m = c.get("member");
        // A tray or browser extension logs with its own source (decision 042); scripts and assistants with `api`.
        const { blocker: made } = await createBlocker(deps, m, { ...c.req.valid("json"), blockingEmails: [] }, now(), { source: c.get("apiKey").device ? "tray" : "api" });
        return c.json(await answerBlocker(m.teamId, made.id), 201);
      },
    )
    .openapi(createRoute({ method: "get", path: "/blockers/{id}", ...described("getBlocker", "Get a blocker", ["Blockers"]), request: { params: blockerParam }, responses: blockerAnswer }), async (c) =>
      c.json(await answerBlocker(c.get("member").teamId, c.req.valid("param").id), 200),
    )
    .openapi(createRoute({ method: "post", path: "/blockers/{id}/done", ...described("markDone", "Mark my part done", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders }, responses: blockerAnswer }), async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => markDone(deps, member, id, now())), 200))
    .openapi(
      createRoute({ method: "post", path: "/blockers/{id}/decline", ...described("decline", "Decline my part, saying why", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders, ...body(declineSchema) }, responses: blockerAnswer }),
      async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => decline(deps, member, id, c.req.valid("json"), now())), 200),
    )
    .openapi(
      createRoute({ method: "post", path: "/blockers/{id}/snooze", ...described("snooze", "Snooze my reminders until a time", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders, ...body(snoozeSchema) }, responses: blockerAnswer }),
      async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => snooze(deps, member, id, snoozeRequestOf(c.req.valid("json")), now())), 200),
    )
    .openapi(
      createRoute({ method: "post", path: "/blockers/{id}/comments", ...described("comment", "Comment on a blocker", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders, ...body(commentSchema) }, responses: { 201: json(blockerSchema, "The blocker as it now is"), ...refusals } }),
      async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => commentOnBlocker(deps, member, id, c.req.valid("json").body, now())), 201),
    )
    .openapi(
      createRoute({ method: "post", path: "/blockers/{id}/nudge", ...described("nudge", "Nudge someone it waits on", ["Blockers"], "Once an hour per person and blocker, as in the web app."), middleware: write, request: { params: blockerParam, ...writeHeaders, ...body(nudgeSchema) }, responses: blockerAnswer }),
      async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => nudgeBlockingPerson(deps, member, id, c.req.valid("json").profileId, now())), 200),
    )
    .openapi(createRoute({ method: "post", path: "/blockers/{id}/resolve", ...described("resolve", "Resolve a blocker", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders }, responses: blockerAnswer }), async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => endBlocker(deps, member, id, "resolved", now())), 200))
    .openapi(createRoute({ method: "post", path: "/blockers/{id}/cancel", ...described("cancel", "Cancel a blocker", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders }, responses: blockerAnswer }), async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => endBlocker(deps, member, id, "cancelled", now())), 200))
    .openapi(createRoute({ method: "post", path: "/blockers/{id}/reopen", ...described("reopen", "Reopen a blocker", ["Blockers"]), middleware: write, request: { params: blockerParam, ...writeHeaders }, responses: blockerAnswer }), async (c) => c.json(await changed(c.get("member"), c.req.valid("param").id, (member, id) => reopenBlocker(deps, member, id, now())), 200))
    .openapi(
      createRoute({
        method: "get",
        path: "/events",
        ...described("listEvents", "What happened, after a cursor", ["Events"], "The team's blockers' timelines merged, oldest first. Poll with the last `nextCursor` as `after`: every event comes once, none is skipped."),
        request: { query: eventsQuerySchema },
        responses: { 200: json(eventPageSchema, "The events after the cursor"), ...refusals },
      }),
      async (c) => c.json(await readEventFeed(db, c.get("member"), c.req.valid("query")), 200),
    );
}
