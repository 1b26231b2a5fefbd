// `Idempotency-Key` on every POST of the public API (as Stripe and the IETF draft have it): the first request with a
// key is answered and its answer kept a day; a retry with the same key and the same request gets that answer again
// (`Idempotent-Replayed: true`) and changes nothing; the same key with another request is refused. The key is
// claimed before the operation runs, so two retries racing each other cannot both run it.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { apiIdempotency } from "../../db/schema.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { fieldRefusal, Refusal } from "../../http/refusal.ts";
import { requestHeader } from "../../http/request-header.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEPT_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const honourIdempotencyKey = ({ db, clock }: Pick<AppDependencies, "db" | "clock">) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const idempotencyKey = requestHeader(c, "idempotency-key");
    if (c.req.method !== "POST" || idempotencyKey === undefined) return next();
    if (!KEY_PATTERN.test(idempotencyKey)) throw fieldRefusal(IDEMPOTENCY_HEADER, "Use 1 to 255 visible ASCII characters, such as a UUID");
    const keyId = c.get("apiKey").id;
    const body = await c.req.raw.clone().text();
    const fingerprint = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("base64url");
    const now = clock.now();
    // A day's answers are kept; older ones are forgotten as new keys arrive (the index on created_at finds them).
    await db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, new Date(now.getTime() - KEPT_MS)));
    const claimed = await db.insert(apiIdempotency).values({ keyId, idempotencyKey, fingerprint, createdAt: now }).onConflictDoNothing().returning({ keyId: apiIdempotency.keyId });
    const thisOne = and(eq(apiIdempotency.keyId, keyId), eq(apiIdempotency.idempotencyKey, idempotencyKey));
    if (claimed.length === 0) {
      const [kept] = await db.select().from(apiIdempotency).where(thisOne);
      if (!kept) throw new Refusal(409, "idempotency_key_in_use", "A request with this Idempotency-Key was just answered: send it again");
      if (kept.fingerprint !== fingerprint) throw new Refusal(422, "idempotency_key_reused", `This ${IDEMPOTENCY_HEADER} was used for another request: use a new key for each operation`);
      if (kept.status === null || kept.body === null) {
        c.header("Retry-After", "1");
        throw new Refusal(409, "idempotency_key_in_use", `A request with this ${IDEMPOTENCY_HEADER} is still being answered: try again in a moment`);
      }
      return new Response(kept.body, { status: kept.status, headers: { "content-type": "application/json; charset=UTF-8", "idempotent-replayed": "true" } });
    }
    await next();
    // A failure on our side, or a limit, may go differently next time: the key is released for the retry.
    const status = c.res.status;
    if (status >= 500 || status === 429) {
      await db.delete(apiIdempotency).where(thisOne);
      return;
    }
    await db.update(apiIdempotency).set({ status, body: await c.res.clone().text() }).where(thisOne);
  });
