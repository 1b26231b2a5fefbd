// /api/email-links/:token: the one-click links of Holdup's e-mails, without a session (the signed token is the
// proof). GET shows what the link does and whether it still can; POST does it, once. POST …/one-click is a mail
// client's unsubscribe (RFC 8058: List-Unsubscribe-Post), which comes without an Origin and as a form.
import { Hono } from "hono";
import { z } from "zod";
import { attemptLimits } from "../../auth/attempt-limits.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import { validate } from "../../http/validate.ts";
import { declineSchema } from "../../../common/blockers.ts";
import { invalidLink, useEmailLink, viewEmailLink } from "./use-email-link.ts";

/** Exempt from the same-origin rule (server/http/same-origin.ts): mail clients post here, not Holdup's pages. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = /^\/api\/email-links\/[^/]+\/one-click$/;

const tokenParam = z.object({ token: z.string().min(1).max(200) });
/** A decline link's page sends the reason it asked for; the other links send nothing. */
const answerBody = z.object({ reason: declineSchema.shape.reason.optional() }).default({});

export function emailLinkRoutes(deps: AppDependencies) {
  const { clock } = deps;
  // A wrong token counts like a wrong code (someone trying tokens); a right one costs nothing.
  const { code: tokenLimit } = attemptLimits(deps);
  return new Hono()
    .get("/:token", tokenLimit, validate("param", tokenParam), async (c) => c.json(await viewEmailLink(deps, c.req.valid("param").token, clock.now()), 200))
    .post("/:token", tokenLimit, validate("param", tokenParam), validate("json", answerBody), async (c) => c.json(await useEmailLink(deps, c.req.valid("param").token, clock.now(), c.req.valid("json")), 200))
    .post("/:token/one-click", tokenLimit, validate("param", tokenParam), async (c) => {
      const view = await viewEmailLink(deps, c.req.valid("param").token, clock.now());
      if (view.action !== "unsubscribe") throw invalidLink();
      const after = await useEmailLink(deps, c.req.valid("param").token, clock.now());
      return c.json({ unsubscribed: after.state === "used" }, 200);
    });
}
