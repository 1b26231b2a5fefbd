// A list's position as the client sends it back to ask for the next page: opaque text (the last item's place in the
// order, as JSON in base64url), checked like any other input.
import type { z } from "zod";
import { fieldRefusal } from "./refusal.ts";

export const writeCursor = (position: readonly unknown[]) => Buffer.from(JSON.stringify(position)).toString("base64url");

/** The position, or a 400 naming the field `cursor` for anything this list did not write. */
export function readCursor<Schema extends z.ZodType>(text: string | undefined, schema: Schema): z.infer<Schema> | undefined {
  if (text === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) throw fieldRefusal("cursor", "Not a valid list position: reload the list");
  return parsed.data;
}
