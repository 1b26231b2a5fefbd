// What a one-time code sign-in does to an account whose e-mail was never confirmed (docs/decisions/020-code-sign-in-keeps-passwords.md).
//
// better-auth treats such a sign-in as the first proof that the mailbox owner is here, and strips what the account
// had gathered before that proof (its password, its sessions): someone else may have signed up with that address.
// - With SMTP the code reached the mailbox, so that reasoning holds and the guard stays; the answer then says the
//   password was removed, so the web app can tell the person to choose a new one instead of letting them find out.
// - Without SMTP nothing can be confirmed (the code is printed in the server's log, read by whoever runs the
//   server): the account is left exactly as it was, password, sessions and unconfirmed e-mail included.
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isEmail } from "../../common/auth-rules.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { account, user } from "../db/schema.ts";

const CODE_SIGN_IN_PATH = "/sign-in/email-otp";

/** For better-auth's database hooks: this write is the code sign-in's clean-up of an unconfirmed account, on a server without SMTP. */
export const isCleanUpWithoutSmtp = (config: Pick<Config, "requireEmailVerification">, context: { path?: string } | null | undefined) =>
  !config.requireEmailVerification && context?.path === CODE_SIGN_IN_PATH;

async function hasUnconfirmedPassword(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: account.id })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(and(eq(user.email, email), eq(user.emailVerified, false)))
    .limit(1);
  return row !== undefined;
}

async function emailIn(c: Context): Promise<string | undefined> {
  const body: unknown = await c.req.raw.clone().json().catch(() => undefined);
  const email = typeof body === "object" && body !== null && "email" in body ? body.email : undefined;
  if (typeof email !== "string") return undefined;
  // Only a well-formed address is looked up: anything else (NUL characters, say, which PostgreSQL refuses as a
  // parameter) is refused by better-auth's request hook further on, and has no account to look at.
  const address = email.trim().toLowerCase();
  return isEmail(address) ? address : undefined;
}

/** With SMTP: adds `passwordRemoved: true` to a successful code sign-in that removed the account's password. */
export const keepTrackOfRemovedPassword = (db: Database, config: Pick<Config, "requireEmailVerification">) =>
  createMiddleware(async (c, next) => {
    const email = config.requireEmailVerification ? await emailIn(c) : undefined;
    const hadPassword = email ? await hasUnconfirmedPassword(db, email) : false;
    await next();
    if (!email || !hadPassword || c.res.status !== 200) return;
    const answer: unknown = await c.res.clone().json().catch(() => undefined);
    if (typeof answer !== "object" || answer === null) return;
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify({ ...answer, passwordRemoved: true }), { status: 200, headers });
  });
