// Runs before every better-auth endpoint (requests over HTTP and Holdup's own auth.api calls alike): text that
// PostgreSQL cannot store is refused wherever it is, the specification's exact messages, the field rules Holdup
// applies to everything that writes a person's account or a team, and the weak-password answer, whatever
// better-auth would have said. Refusals have the shape of every other route's (server/http/validate.ts).
import { APIError, createAuthMiddleware } from "better-auth/api";
import { z } from "zod";
import { authMessages, EMAIL_MAX_LENGTH, isEmail } from "../../common/auth-rules.ts";
import { fullNameSchema, pictureSchema, signUpNameSchema, teamNameSchema, teamSlugSchema, typedText } from "../../common/profile.ts";
import { VALIDATION_MESSAGE } from "../http/refusal.ts";
import { type FieldErrors, fieldErrorsOf } from "../http/validate.ts";
import { findWeakPasswordReasons } from "./password-strength.ts";

type Fields = Record<string, unknown>;

const nonEmptyString = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** A JSON object or a form's fields; not an array, a file or any other object better-call may hand over. */
function isFields(value: unknown): value is Fields {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function badRequest(code: string, message: string, extra: Record<string, unknown> = {}): APIError {
  return new APIError("BAD_REQUEST", { code, message, ...extra });
}

const fieldsRefusal = (fields: FieldErrors) => badRequest("validation_failed", VALIDATION_MESSAGE, { fields });

/**
 * What the endpoints that write a person's account or a team may be given, beyond better-auth's own checks: the
 * rules of Holdup's own profile and onboarding routes. The parsed values (names trimmed) are what gets stored.
 */
const accountFieldRules: Record<string, z.ZodType<Fields>> = {
  "/sign-up/email": z.object({ name: signUpNameSchema.default(""), image: pictureSchema.optional() }),
  // A code sign-in creates the account when signing up by code is allowed (it is not today: disableSignUp).
  "/sign-in/email-otp": z.object({ name: signUpNameSchema.optional(), image: pictureSchema.optional() }),
  "/update-user": z.object({ name: fullNameSchema.optional(), image: pictureSchema.optional() }),
  "/organization/create": z.object({ name: teamNameSchema, slug: teamSlugSchema, logo: pictureSchema.optional() }),
  "/organization/update": z.object({ data: z.object({ name: teamNameSchema.optional(), slug: teamSlugSchema.optional(), logo: pictureSchema.optional() }) }),
};

/** A whole number of at most `max`, as a query gives it (text) or a server call (a number). */
const wholeNumber = (max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, "Use a whole number")])
    .transform(Number)
    .pipe(z.number().int("Use a whole number").min(0).max(max, `Use at most ${max}`));
const textOperators = ["eq", "ne", "lt", "lte", "gt", "gte", "contains", "starts_with", "ends_with"] as const;

/**
 * What the endpoints that read lists may be asked for: better-auth hands any field name and value to the database
 * (`filterField=low` on /organization/list-members was a 500). Only the membership's text fields, sorted or
 * filtered, with values of their type; better-auth checks the rest (the team, the operator's name).
 */
const queryRules: Record<string, z.ZodType> = {
  "/organization/list-members": z
    .looseObject({
      limit: wholeNumber(100).optional(),
      offset: wholeNumber(1_000_000).optional(),
      sortBy: z.enum(["id", "userId", "role", "createdAt"], "Sort by one of id, userId, role, createdAt").optional(),
      filterField: z.enum(["id", "userId", "role"], "Filter by one of id, userId, role").optional(),
      filterValue: z.union([z.string(), z.array(z.string())], "Filter by text").optional(),
      filterOperator: z.string().optional(),
    })
    .superRefine((query, ctx) => {
      if (query.filterValue === undefined) return;
      const listOperator = query.filterOperator === "in" || query.filterOperator === "not_in";
      if (listOperator !== Array.isArray(query.filterValue)) {
        ctx.addIssue({ code: "custom", path: ["filterValue"], message: listOperator ? "Give a list of values for in and not_in" : `Give one value for ${textOperators.join(", ")}` });
      }
    }),
};

/** Passwords are only ever hashed, never stored as text: whatever they contain, an existing one must keep working. */
const SECRET_FIELDS = new Set(["password", "newPassword", "currentPassword"]);
/** No endpoint takes anything nested this deep; walking deeper would only spend the stack. */
const MAX_NESTING = 16;
const storableText = typedText();
/** Fields that hold an e-mail address in better-auth's bodies and queries, whatever the endpoint. */
const EMAIL_FIELDS = new Set(["email", "newEmail"]);
/** Longer than any token, id, name or link better-auth is given (the longest is a link: 2,000 characters, as blockers'). */
const MAX_TEXT_LENGTH = 2_000;

/**
 * Every string in the body and the query, wherever it is nested: a NUL or a lone surrogate that reached PostgreSQL
 * was a 500 (a token, an invitation id, a name), so each is refused here with the field named. (Path parameters
 * reach better-auth still percent-encoded: "%00" is three harmless characters there.) Text longer than anything
 * better-auth takes is refused too (an e-mail field beyond an address's length, anything beyond MAX_TEXT_LENGTH):
 * better-auth would look it up and store it, a 500,000-character token or address in the database (decision 021).
 */
function findUnstorableText(ctx: { body?: unknown; query?: unknown }): FieldErrors | undefined {
  const pending: { value: unknown; path: string[] }[] = [ctx.body, ctx.query].map((value) => ({ value, path: [] }));
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    const field = path.length > 0 ? path.join(".") : "_";
    if (typeof value === "string") {
      const checked = storableText.safeParse(value);
      if (!checked.success) return { [field]: checked.error.issues.map((issue) => issue.message) };
      const maxLength = EMAIL_FIELDS.has(path.at(-1) ?? "") ? EMAIL_MAX_LENGTH : MAX_TEXT_LENGTH;
      if (value.length > maxLength) return { [field]: [`Use at most ${maxLength.toLocaleString("en")} characters`] };
    } else if (Array.isArray(value) || isFields(value)) {
      if (path.length >= MAX_NESTING) return { [field]: ["Nested too deeply"] };
      for (const [key, nested] of Object.entries(value)) {
        if (!SECRET_FIELDS.has(key)) pending.push({ value: nested, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** The fields in which better-auth is told where to send the browser next (a link in an e-mail, a redirect). */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/**
 * Where a browser may be sent: a path on this site, or a web address (whose origin better-auth then checks). Its
 * URL helper throws on anything else ("-000001-01-01" as the callback of /verify-email was a 500).
 */
const redirectTargetSchema = z.string().refine((target) => {
  try {
    if (target.startsWith("/")) return !target.startsWith("//") && !target.startsWith("/\\") && new URL(target, "http://localhost").origin === "http://localhost";
    return ["http:", "https:"].includes(new URL(target).protocol);
  } catch {
    return false;
  }
}, "Use a path on this site, such as /auth/callback");

function findBadRedirectTargets(ctx: { body?: unknown; query?: unknown }): FieldErrors | undefined {
  for (const source of [ctx.body, ctx.query]) {
    if (!isFields(source)) continue;
    for (const field of REDIRECT_FIELDS) {
      const checked = source[field] === undefined ? undefined : redirectTargetSchema.safeParse(source[field]);
      if (checked && !checked.success) return { [field]: checked.error.issues.map((issue) => issue.message) };
    }
  }
  return undefined;
}

/** The specification's messages (§5) for a missing e-mail or password, with the fields at fault named. */
function requireCredentials(body: Fields, needsPassword: boolean) {
  const missing: FieldErrors = {};
  if (!nonEmptyString(body.email)) missing.email = ["Enter your e-mail address"];
  if (needsPassword && !nonEmptyString(body.password)) missing.password = ["Enter your password"];
  if (Object.keys(missing).length > 0) {
    throw badRequest("validation_failed", needsPassword ? authMessages.credentialsRequired : authMessages.emailRequired, { fields: missing });
  }
  if (!isEmail(String(body.email).trim())) {
    throw badRequest("email_address_invalid", "Enter a valid e-mail address", { field: "email", fields: { email: ["Enter a valid e-mail address"] } });
  }
}

export const validateAuthRequest = createAuthMiddleware(async (ctx) => {
  const unstorable = findUnstorableText(ctx) ?? findBadRedirectTargets(ctx);
  if (unstorable) throw fieldsRefusal(unstorable);

  const body = isFields(ctx.body) ? ctx.body : {};
  switch (ctx.path) {
    case "/sign-up/email":
    case "/sign-in/email":
      requireCredentials(body, true);
      break;
    case "/email-otp/send-verification-otp":
    case "/sign-in/email-otp":
    case "/request-password-reset":
    case "/send-verification-email":
      requireCredentials(body, false);
      break;
  }

  const rules = ctx.path === undefined ? undefined : accountFieldRules[ctx.path];
  const accepted = rules?.safeParse(ctx.body ?? {});
  if (accepted && !accepted.success) throw fieldsRefusal(fieldErrorsOf(accepted.error));
  const queryRule = ctx.path === undefined ? undefined : queryRules[ctx.path];
  const query = queryRule?.safeParse(ctx.query ?? {});
  if (query && !query.success) throw fieldsRefusal(fieldErrorsOf(query.error));

  if (ctx.path === "/sign-up/email" && typeof body.password === "string") await refuseWeakPassword(body.password, [String(body.email)]);
  if ((ctx.path === "/reset-password" || ctx.path === "/change-password") && nonEmptyString(body.newPassword)) await refuseWeakPassword(body.newPassword);

  // better-auth merges this into the request it goes on with: the names as parsed (trimmed) are the ones stored.
  if (accepted?.success) return { context: { body: accepted.data } };
});

async function refuseWeakPassword(password: string, userInputs: string[] = []) {
  const reasons = await findWeakPasswordReasons(password, userInputs);
  if (reasons.length > 0) {
    throw new APIError("UNPROCESSABLE_ENTITY", {
      code: "weak_password",
      message: "Password is too weak",
      field: "password",
      weak_password: { reasons },
    });
  }
}
