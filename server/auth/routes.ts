// Holdup's additions to better-auth's endpoints: resend, sign-out with a scope, the limits on guessing secrets and
// sending e-mail, and who the client is. Everything else under /api/auth is better-auth's own handler.
import { isAPIError } from "better-auth/api";
import { Hono } from "hono";
import { z } from "zod";
import { authMessages, isEmail, resendTypes, signOutScopes } from "../../common/auth-rules.ts";
import { paths } from "../../common/paths.ts";
import type { AppDependencies } from "../http/app-env.ts";
import { clientPseudonym } from "../http/client-address.ts";
import { validate } from "../http/validate.ts";
import { attemptLimits } from "./attempt-limits.ts";
import { CLIENT_ADDRESS_HEADER } from "./auth.ts";
import { keepTrackOfRemovedPassword } from "./code-sign-in.ts";
import { withReason } from "./refusal-with-reason.ts";
import { withoutDoubtfulCopy } from "./session-reader.ts";

// Both fields optional in the schema so that a missing one gets the specification's message, not zod's.
const resendBody = z.object({ email: z.string().trim().optional(), type: z.string().optional() });
const signOutQuery = z.object({ scope: z.enum(signOutScopes).default("global") });

/** Far longer than any of better-auth's addresses under /api/auth. */
const MAX_AUTH_PATH_LENGTH = 1024;

/** better-auth endpoints that check a password. */
const PASSWORD_CHECKS = ["/sign-in/email", "/change-password", "/verify-password", "/two-factor/enable", "/two-factor/disable", "/two-factor/get-totp-uri", "/two-factor/generate-backup-codes"];
/** better-auth endpoints that check an authenticator app's code or a backup code: limited like passwords. */
const SECOND_FACTOR_CHECKS = ["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"];
/** better-auth endpoints that check a one-time code or an e-mailed link's token. */
const CODE_CHECKS = ["/sign-in/email-otp", "/email-otp/verify-email", "/email-otp/check-verification-otp", "/email-otp/reset-password", "/email-otp/change-email", "/reset-password", "/reset-password/:token", "/verify-email"];
/** The device grant's endpoints that check a code: the device's (polling for its token) or the one a person typed. */
const DEVICE_CODE_CHECKS = ["/device/token", "/device", "/device/approve", "/device/deny"];
/** better-auth endpoints that send an e-mail to the address they are given (Holdup's /resend is limited the same way). */
const MAIL_SENDERS = ["/send-verification-email", "/request-password-reset", "/email-otp/send-verification-otp", "/email-otp/request-password-reset", "/forget-password/email-otp", "/email-otp/request-email-change", "/change-email"];

/** The device grant's endpoints a tray or extension calls: no cookie and no browser Origin (decision 042). */
export const DEVICE_GRANT_PATHS = ["/api/auth/device/code", "/api/auth/device/token"];

export function authRoutes(deps: AppDependencies) {
  const { auth, config, db, secret, clientAddressOf, endedSessions } = deps;
  const { password: passwordLimit, code: codeLimit, email: mailLimit, secondFactor: secondFactorLimit, deviceCode: deviceCodeLimit } = attemptLimits(deps);
  // With SMTP, signing up sends the confirmation e-mail.
  const mailSenders = config.requireEmailVerification ? [...MAIL_SENDERS, "/sign-up/email"] : MAIL_SENDERS;

  const routes = new Hono()
    .post("/resend", mailLimit, validate("json", resendBody), async (c) => {
      const { email, type } = c.req.valid("json");
      if (!email || !type) {
        const fields = { ...(email ? {} : { email: ["Enter your e-mail address"] }), ...(type ? {} : { type: [`Expected one of ${resendTypes.join(", ")}`] }) };
        return c.json({ code: "validation_failed", message: authMessages.emailAndTypeRequired, fields }, 400);
      }
      if (!isEmail(email)) return c.json({ code: "email_address_invalid", message: "Enter a valid e-mail address", fields: { email: ["Enter a valid e-mail address"] } }, 400);
      const parsedType = z.enum(resendTypes).safeParse(type);
      if (!parsedType.success) return c.json({ code: "validation_failed", message: "Unknown type", fields: { type: [`Expected one of ${resendTypes.join(", ")}`] } }, 400);
      try {
        if (parsedType.data === "signup") {
          await auth.api.sendVerificationEmail({ body: { email, callbackURL: paths.authCallback }, headers: c.req.raw.headers });
        } else {
          await auth.api.sendVerificationOTP({ body: { email, type: parsedType.data }, headers: c.req.raw.headers });
        }
      } catch (error) {
        // better-auth refuses addresses Holdup's rule lets through ("a@b.c") and, for a signed-in person, any address
        // but their own: a 400 about the e-mail, not a 500. Neither depends on whether the address has an account.
        if (!isAPIError(error) || error.statusCode !== 400) throw error;
        const message = error.body?.message || "This e-mail address cannot be used";
        return c.json({ code: error.body?.code ?? "validation_failed", message, fields: { email: [message] } }, 400);
      }
      // Same answer whether or not the address has an account, so nobody can probe for accounts.
      return c.json({ sent: true });
    })
    .post("/logout", validate("query", signOutQuery), async (c) => {
      const { scope } = c.req.valid("query");
      const headers = c.req.raw.headers;
      if (scope === "global") await auth.api.revokeSessions({ headers }).catch(() => undefined);
      // signOut clears this device's cookies (and its session row, when it still exists).
      const response = await auth.api.signOut({ headers, asResponse: true });
      return new Response(JSON.stringify({ signedOut: true, scope }), { status: 200, headers: setCookiesOf(response) });
    });
  for (const path of PASSWORD_CHECKS) routes.use(path, passwordLimit);
  for (const path of CODE_CHECKS) routes.use(path, codeLimit);
  for (const path of SECOND_FACTOR_CHECKS) routes.use(path, secondFactorLimit);
  for (const path of mailSenders) routes.use(path, mailLimit);
  for (const path of DEVICE_CODE_CHECKS) routes.use(path, deviceCodeLimit);
  routes.use("/sign-in/email-otp", keepTrackOfRemovedPassword(db, config));

  return routes.on(["GET", "POST"], "/*", async (c) => {
    // better-auth's limiter stores client and path as one indexed key: a path of a few thousand characters was a
    // 500 (PostgreSQL: index row too large). Its longest address, a reset link's token included, is under 100.
    if (new URL(c.req.url).pathname.length > MAX_AUTH_PATH_LENGTH) return c.json({ code: "uri_too_long", message: "This address is too long" }, 414);
    // better-auth keys its own request limiter by an address it reads from a header: it gets the client's, as
    // resolved here (TRUST_PROXY), as a pseudonym, and whatever the client itself sent in that header is replaced.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientPseudonym(clientAddressOf(c), secret));
    // A session that ended in the last minute cannot go on through better-auth's endpoints on its signed copy either.
    const cookies = headers.get("cookie");
    if (cookies) headers.set("cookie", withoutDoubtfulCopy(cookies, config.appUrl.startsWith("https:"), endedSessions));
    const response = await auth.handler(new Request(c.req.raw, { headers }));
    return response.status === 429 ? withRetryAfter(response) : withReason(response);
  });
}

/** better-auth's limiter answers 429 with X-Retry-After only: clients and proxies read the standard Retry-After. */
async function withRetryAfter(response: Response): Promise<Response> {
  const seconds = response.headers.get("x-retry-after") ?? "60";
  const headers = new Headers(response.headers);
  headers.set("retry-after", seconds);
  headers.set("content-type", "application/json");
  const body = { code: "too_many_requests", message: `Too many requests. Try again in ${seconds} seconds.`, retryAfter: Number(seconds) };
  return new Response(JSON.stringify(body), { status: 429, headers });
}

function setCookiesOf(response: Response): Headers {
  const headers = new Headers({ "content-type": "application/json" });
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}
