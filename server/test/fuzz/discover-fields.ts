// The body fields a Holdup route takes, asked of the route itself, so that a new route's fields are known to the
// fuzzer without anyone listing them (better-auth's endpoints declare theirs: route-table.ts). Sent by a signed-in
// member with a well-formed id in the path:
// - an empty JSON object: the validation failure names every required field;
// - every field of the common vocabulary set to `true`: it names every field the route knows, optional ones too,
//   and a choice's refusal lists the values it takes ('expected one of "low"|"normal"|…').
import { COMMON_FIELDS, percentEncode, QUERY_FIELDS, type FieldHints } from "./hostile-input.ts";
import type { Route } from "./route-table.ts";
import { sendHostileRequest } from "./send-hostile-request.ts";

const WELL_FORMED_ID = "00000000-0000-4000-8000-000000000000";
const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

async function refusedFields(baseUrl: string, route: Route, body: Record<string, unknown>, memberCookie: string | undefined, memberKey?: string, query = ""): Promise<Record<string, unknown>> {
  const path = route.path.replace(/:[A-Za-z]+/g, WELL_FORMED_ID);
  const sent = WITH_BODY.has(route.method) ? { kind: "json" as const, value: body } : { kind: "none" as const };
  const answer = await sendHostileRequest(baseUrl, { method: route.method, path, query, body: sent, identity: "member", forwardedFor: "2001:db8::d15c", headers: {} }, memberCookie, memberKey);
  try {
    const parsed: unknown = JSON.parse(answer.text);
    return isRecord(parsed) && isRecord(parsed.fields) ? parsed.fields : {};
  } catch {
    return {};
  }
}

const isFieldName = (field: string) => field !== "_" && !field.includes(".");

export async function discoverBodyFields(baseUrl: string, route: Route, memberCookie: string | undefined, memberKey?: string): Promise<{ fields: string[] } & FieldHints> {
  if (!WITH_BODY.has(route.method) || route.path.includes("*")) return { fields: [], required: [], choices: {} };
  const required = await refusedFields(baseUrl, route, {}, memberCookie, memberKey);
  const known = await refusedFields(baseUrl, route, Object.fromEntries(COMMON_FIELDS.map((field) => [field, true])), memberCookie, memberKey);
  const choices: FieldHints["choices"] = {};
  for (const [field, messages] of Object.entries(known)) {
    const message = Array.isArray(messages) ? messages.join(" ") : "";
    if (message.includes("expected one of")) choices[field] = [...message.matchAll(/"([^"]+)"/g)].flatMap((match) => (match[1] ? [match[1]] : []));
  }
  // "_" is a refusal of the whole object, "a.0" a field's element: only top-level names are fields to send.
  const fields = [...new Set([...Object.keys(required), ...Object.keys(known)])].filter(isFieldName);
  return { fields, required: Object.keys(required).filter(isFieldName), choices };
}

/**
 * Query names tried on every route: the fuzzer's vocabulary, and what lists and searches are asked with. Not `team`:
 * the team a request acts in is checked before any route's own fields, and its refusal would hide theirs.
 */
const QUERY_CANDIDATES = [...new Set([...QUERY_FIELDS, ...COMMON_FIELDS, "q", "cursor", "limit", "status", "sort", "page", "view", "filter", "search", "before", "after", "kind", "state", "days", "period", "format", "event"])];

/**
 * The query fields a Holdup route takes, asked of the route as its body fields are: every candidate name sent with a
 * NUL (refused by the text rule of every route, server/http/validate.ts, or by the field's own type), then, a few at a
 * time (an address has a length limit), with a value longer than any field takes. A name the route does not know is
 * dropped by its schema, unnamed.
 */
export async function discoverQueryFields(baseUrl: string, route: Route, memberCookie: string | undefined, memberKey?: string): Promise<string[]> {
  if (route.path.includes("*")) return [];
  const queryOf = (names: string[], value: string) => names.map((name) => `${name}=${percentEncode(value)}`).join("&");
  const named = new Set<string>();
  const askings = [queryOf(QUERY_CANDIDATES, "\u0000")];
  for (let start = 0; start < QUERY_CANDIDATES.length; start += 8) askings.push(queryOf(QUERY_CANDIDATES.slice(start, start + 8), "x".repeat(1001)));
  for (const query of askings) for (const field of Object.keys(await refusedFields(baseUrl, route, {}, memberCookie, memberKey, query))) if (isFieldName(field)) named.add(field);
  return [...named];
}
