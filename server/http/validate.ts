// zod validation for every route's input: a 400 that names each field at fault, in one shape for the whole API.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "../../common/profile.ts";
import { VALIDATION_MESSAGE } from "./refusal.ts";

export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    const messages = (fields[key] ??= []);
    // The text rule of every route and a field's own may say the same thing: once is enough.
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}

/** Every string in a value, wherever it is nested, with the path to it. */
function* stringsIn(value: unknown, path: PropertyKey[] = []): Generator<[string, PropertyKey[]]> {
  if (typeof value === "string") yield [value, path];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringsIn(item, [...path, index]);
  else if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) yield* stringsIn(item, [...path, key]);
  }
}

/**
 * The text rule of every route that takes text, in one place: what PostgreSQL cannot store or compare (NUL, lone
 * surrogates) is refused with its field named, in a path segment, a query string, a JSON or form body alike — never a
 * 500 from the database, whichever route is new (common/profile.ts's isStorableText).
 */
function refuseUnstorableText(value: unknown, ctx: z.RefinementCtx) {
  for (const [text, path] of stringsIn(value)) if (!isStorableText(text)) ctx.addIssue({ code: "custom", message: UNSTORABLE_TEXT_MESSAGE, path, input: text });
}

export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema.superRefine(refuseUnstorableText), (result, c) => {
    if (!result.success) {
      return c.json({ code: "validation_failed", message: VALIDATION_MESSAGE, fields: fieldErrorsOf(result.error) }, 400);
    }
  });
