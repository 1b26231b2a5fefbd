// zod validation for every route's input: a 400 that names each field at fault, in one shape for the whole API.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { VALIDATION_MESSAGE } from "./refusal.ts";

export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json({ code: "validation_failed", message: VALIDATION_MESSAGE, fields: fieldErrorsOf(result.error) }, 400);
    }
  });
