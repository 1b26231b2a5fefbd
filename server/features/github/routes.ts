// GitHub (issue #14, decision 041). /api/team/github: the team's connection as the integrations page shows it, and
// connecting, disconnecting and rotating its secret (owners and admins). /api/integrations/github/webhook/:connectionId:
// what GitHub posts, authenticated by its X-Hub-Signature-256 alone (no session, no browser Origin) — a bad or missing
// signature is a 401 that changes nothing but the card's health, and a client whose deliveries keep failing the check
// for a connection is refused (429) for a while.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { GITHUB_WEBHOOK_PREFIX } from "../../../common/github.ts";
import { reserveAttempt, tooManyMessage } from "../../auth/attempt-limits.ts";
import { requireSession } from "../../auth/require-session.ts";
import { githubConnections } from "../../db/schema.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { clientKey } from "../../http/client-address.ts";
import { Refusal } from "../../http/refusal.ts";
import { requireMember } from "../../http/require-member.ts";
import { fieldErrorsOf, validate } from "../../http/validate.ts";
import { connectGithub, disconnectGithub, githubSecretSeal, githubSummary, rotateGithubSecret } from "./manage-connection.ts";
import { applyDelivery, exactText, isSignedBy, noteBadSignature, payloadOf } from "./receive-delivery.ts";

/** GitHub posts here; the signature is the authentication, so the same-origin rule does not apply (server/app.ts). */
export const GITHUB_WEBHOOK_PATHS = [new RegExp(`^${GITHUB_WEBHOOK_PREFIX.replaceAll("/", "\\/")}(\\/[^/]*)?$`)] as const;

const connectionParam = z.object({ connectionId: z.uuid("Not the address of a GitHub connection: copy it again from Holdup's integrations page") });
/** GitHub's own headers, checked once the signature is: its event's name, and the delivery's id (a GUID). */
const deliveryHeaders = z.object({
  "x-github-event": z.string("GitHub names the event in X-GitHub-Event").regex(/^[a-z_]{1,64}$/, "Not an event name of GitHub's"),
  "x-github-delivery": z.string("GitHub names the delivery in X-GitHub-Delivery").regex(/^[A-Za-z0-9-]{1,100}$/, "Not a delivery id of GitHub's"),
});
const MEDIA_TYPES = ["application/json", "application/x-www-form-urlencoded"];

export function githubRoutes({ answers, clock, config, db, readSession, secret }: AppDependencies) {
  const deps = { db, config, secret };
  return new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", async (c) => c.json(await githubSummary(deps, c.get("member")), 200))
    .post("/", async (c) => c.json(await connectGithub(deps, c.get("member"), clock.now()), 201))
    .delete("/", async (c) => c.json(await disconnectGithub(deps, c.get("member")), 200))
    .post("/rotate-secret", async (c) => c.json(await rotateGithubSecret(deps, c.get("member"), clock.now()), 200));
}

export function githubWebhookRoutes(deps: AppDependencies) {
  const { clock, db } = deps;
  const seal = githubSecretSeal(deps.secret);
  return new Hono().post("/:connectionId", validate("param", connectionParam), async (c) => {
    const now = clock.now();
    const { connectionId } = c.req.valid("param");
    const [connection] = await db.select().from(githubConnections).where(eq(githubConnections.id, connectionId));
    if (!connection) throw new Refusal(404, "github_not_connected", "No GitHub connection has this address: connect GitHub again in Holdup (Organization → Integrations) and paste the new address into GitHub");
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!MEDIA_TYPES.includes(mediaType)) {
      throw new Refusal(415, "unsupported_media_type", "Choose the content type application/json in GitHub's webhook settings", { fields: { "content-type": [`Expected one of ${MEDIA_TYPES.join(", ")}`] } });
    }
    // The signature is of the bytes as sent: they are read as they are, never re-encoded.
    const body = exactText(new Uint8Array(await c.req.arrayBuffer()));
    const form = mediaType === "application/x-www-form-urlencoded";
    const signature = c.req.header("x-hub-signature-256");
    if (body === undefined || !(await isSignedBy(seal.open(connection.sealedSecret), body, signature))) {
      const reservation = await reserveAttempt(db, { kind: "github-signature", email: undefined, clientKey: `${clientKey(deps.clientAddressOf(c), deps.secret)}:${connection.id}` }, now);
      if (!reservation.allowed) {
        c.header("Retry-After", String(reservation.retryAfterSeconds));
        return c.json({ code: "too_many_requests", message: tooManyMessage("github-signature", reservation.retryAfterSeconds), retryAfter: reservation.retryAfterSeconds }, 429);
      }
      await reservation.keep();
      await noteBadSignature(db, connection, body === undefined ? undefined : payloadOf(body, form), now);
      if (!signature) throw new Refusal(401, "github_signature_missing", "This delivery has no X-Hub-Signature-256: give the webhook the secret Holdup showed when GitHub was connected");
      throw new Refusal(401, "github_signature_invalid", "This delivery is not signed with this connection's secret: paste the secret Holdup showed into GitHub's webhook settings (or rotate it and paste the new one)");
    }
    const headers = deliveryHeaders.safeParse({ "x-github-event": c.req.header("x-github-event"), "x-github-delivery": c.req.header("x-github-delivery") });
    if (!headers.success) throw new Refusal(400, "validation_failed", "This delivery lacks GitHub's headers", { fields: fieldErrorsOf(headers.error) });
    const payload = payloadOf(body, form);
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      throw new Refusal(400, "validation_failed", "The delivery's body is not a JSON object", { fields: { [form ? "payload" : "body"]: ["Expected a JSON object"] } });
    }
    const outcome = await applyDelivery(deps, { connection, event: headers.data["x-github-event"], deliveryId: headers.data["x-github-delivery"], payload }, now);
    return c.json({ ok: true as const, ...outcome }, 200);
  });
}
