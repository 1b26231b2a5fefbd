// Hostile requests for any route of the route table, as fast-check arbitraries: wrong types, huge and odd strings,
// NUL and lone surrogates, dates JavaScript or PostgreSQL cannot hold, bodies that are not JSON or not valid
// JSON, ids that are not ids (and real ids of one's own team and of another team), odd query strings and
// client addresses. Mixed with plausible values, so that a request often gets past the first check.
import fc from "fast-check";
import type { Route } from "./route-table.ts";

export type Identity = "signed-out" | "member" | "newcomer";

export type HostileBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | undefined; content: string | Uint8Array<ArrayBuffer> };

export type HostileRequest = {
  method: string;
  /** Percent-encoded, ready to put in a URL. */
  path: string;
  /** Without the "?"; percent-encoded. */
  query: string;
  body: HostileBody;
  identity: Identity;
  /** The client address the loopback proxy names (TRUST_PROXY=loopback in the test server). */
  forwardedFor: string;
  /** Headers the server reads into what it stores or looks up (the team a request acts in, the browser's name). */
  headers: Record<string, string>;
};

/** What the suite knows of the world it fuzzes: real ids and e-mail addresses, of one's own team and another's. */
export type KnownValues = { ids: string[]; blockerIds: string[]; profileIds: string[]; teammateIds: string[]; emails: string[] };

/** What a route says of its fields (discover-fields.ts): the required ones, and the values of those that are choices. */
export type FieldHints = { required: string[]; choices: Record<string, string[]> };
const NO_HINTS: FieldHints = { required: [], choices: {} };

const METHODS_FOR_ALL = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Field names every route may be sent, besides those a route declares: the vocabulary of Holdup's forms and better-auth's. */
export const COMMON_FIELDS = [
  "email", "password", "name", "image", "fullName", "timezone", "title", "description", "linkUrl", "priority", "dueAt",
  "until", "blockingProfileIds", "alsoBlockedProfileIds", "body", "reason", "suggestedProfileId", "profileId", "role",
  "emails", "message", "token", "newPassword", "currentPassword", "otp", "type", "callbackURL", "organizationId",
  "invitationId", "id", "slug", "logo", "data", "scope", "from", "to", "person", "userId", "memberId", "teamId",
];

// ---------------------------------------------------------------------------------------------------------------
// Strings

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Strings chosen for what they break: encodings, lengths, dates at the edges, injection, prototype keys. */
const NOTORIOUS_STRINGS = [
  "", " ", "\t\n\r", "\u0000", "a\u0000b", "\ud800", "\udfff", "a\udc00b", "\ud83d", "\ud83d\ude00", "\u202e", "\ufeff", "\u200b",
  "%00", "%", "%ZZ", "\\u0000", "../../../etc/passwd", "<img src=x onerror=alert(1)>", "' OR '1'='1' --", "'; drop table blockers; --",
  "null", "undefined", "NaN", "-1", "0", "1e400", "true", "{}", "[]", "__proto__", "constructor", "toString",
  "0000-01-01", "9999-12-31", "10000-01-01", "1969-12-31", "2026-02-30", "2026-13-01", "+275760-09-13", "-000001-01-01",
  "0000-01-01T00:00:00Z", "0000-01-01T00:00:00+14:00", "9999-12-31T23:59:59Z", "9999-12-31T23:59:59-14:00",
  "+010000-01-01T00:00:00Z", "-271821-04-20T00:00:00Z", "2026-02-29T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00.123456789Z",
  "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "00000000-0000-4000-8000-000000000000",
  "a@b.c", "a@b", "@", "a\u0000@b.co", "a\ud800@example.com", "UPPER@EXAMPLE.COM", " padded@example.com ", "ünïcödé@exämple.com",
  "https://evil.example", "//evil.example", "javascript:alert(1)", "/\\evil.example", "http://localhost/../../x", "data:text/html,x",
  "Europe/Paris", "UTC", "Mars/Olympus", "low", "urgent", "blocking", "waiting", "sign-in", "forget-password", "email-verification",
  "signup", "change-email", "owner", "member", "admin", "global", "local",
  "a".repeat(100), "a".repeat(101), "Ω".repeat(101), "😀".repeat(1000), "x".repeat(10_000),
];

/** A string that is sometimes enormous: a 500,000-character name once filled a people list (issue #8). */
const enormousString = fc.constantFrom("y".repeat(500_000), "\u0000".repeat(100_000), "😀".repeat(200_000));

export const hostileString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NOTORIOUS_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: enormousString },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 8.64e15 + 1),
);

// ---------------------------------------------------------------------------------------------------------------
// Values for fields: plausible for the field's kind, or hostile

function plausibleFor(field: string, known: KnownValues, hints: FieldHints = NO_HINTS): fc.Arbitrary<unknown> {
  const choice = hints.choices[field];
  if (choice && choice.length > 0) return fc.constantFrom(...choice);
  // A person is most often a teammate: what gets a request past "Choose people from your team".
  const id = /profile/i.test(field)
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known.teammateIds) }, { weight: 2, arbitrary: fc.constantFrom(...known.profileIds) }, { weight: 1, arbitrary: fc.uuid() })
    : fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
  if (/ids$/i.test(field) || field === "emails") {
    return fc.uniqueArray(field === "emails" ? fc.constantFrom(...known.emails) : id, { maxLength: 2 });
  }
  if (/email/i.test(field)) return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress());
  if (/password/i.test(field)) return fc.constantFrom("violet-harbour-kettle-43", "short", "password1");
  if (/(^id|Id)$/.test(field)) return id;
  if (/(At|until|from|to)$/.test(field)) {
    const calendarDay = field === "from" || field === "to";
    // Well-formed, and sometimes at the edge of what JavaScript and PostgreSQL hold (year 0, year 10000 in UTC).
    const edges = calendarDay ? ["0000-01-01", "0001-01-01", "1969-12-31", "9999-12-31"] : ["9999-12-31T23:59:59-14:00", "9999-12-31T20:00:00-05:00", "0000-01-01T00:00:00+14:00", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z"];
    // Mostly the coming years: a due date or a snooze in the past is refused before anything else happens.
    const soon = Date.now() + 60_000;
    const ordinary = fc
      .oneof({ weight: 3, arbitrary: fc.date({ min: new Date(soon), max: new Date(soon + 5 * 365 * 24 * 3600_000), noInvalidDate: true }) }, { weight: 1, arbitrary: fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }) })
      .map((date) => (calendarDay ? date.toISOString().slice(0, 10) : date.toISOString()));
    return fc.oneof(ordinary, fc.constantFrom(...edges));
  }
  if (/url/i.test(field)) return fc.webUrl();
  if (field === "otp") return fc.stringMatching(/^\d{6}$/);
  return fc.oneof(fc.constantFrom("low", "urgent", "blocking", "waiting", "sign-in", "member", "Europe/Paris", "global"), fc.string({ minLength: 1, maxLength: 20 }));
}

function hostileValue(known: KnownValues): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 6, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom(...known.ids, ...known.emails) },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 4 }),
    object: fc.dictionary(fc.oneof(fc.constantFrom(...COMMON_FIELDS), fc.string({ maxLength: 10 })), tie("value"), { maxKeys: 4 }),
  }));
  return value;
}

/**
 * A JSON object with the route's own fields and anyone's, each plausible or hostile; or every one of the route's
 * fields plausible and then one spoilt (or one more field added, hostile): what reaches a route's deepest checks.
 */
function jsonObject(fields: string[], known: KnownValues, hints: FieldHints): fc.Arbitrary<Record<string, unknown>> {
  const names = fc.oneof(
    { weight: fields.length > 0 ? 4 : 1, arbitrary: fc.constantFrom(...(fields.length > 0 ? fields : COMMON_FIELDS)) },
    { weight: 2, arbitrary: fc.constantFrom(...COMMON_FIELDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const anyValueFor = (field: string) => fc.oneof(plausibleFor(field, known, hints), hostileValue(known));
  const mixed = fc.uniqueArray(names, { maxLength: 6 }).chain((chosen) => fc.tuple(...chosen.map((field) => anyValueFor(field).map((value) => [field, value] as const))));
  if (fields.length === 0) return mixed.map((entries) => Object.fromEntries(entries));
  // Optional fields come and go, so that a request with only the required ones also gets through.
  const plausibleEntry = (field: string) => (hints.required.includes(field) ? plausibleFor(field, known, hints) : fc.option(plausibleFor(field, known, hints), { nil: undefined, freq: 3 })).map((value) => [field, value] as const);
  const allPlausible = fc.tuple(...fields.map(plausibleEntry));
  const allButOne = fc
    .tuple(allPlausible, fc.constantFrom(...fields, ...COMMON_FIELDS), hostileValue(known))
    .map(([entries, spoilt, value]) => [...entries.filter(([field]) => field !== spoilt), [spoilt, value] as const]);
  return fc.oneof({ weight: 1, arbitrary: mixed }, { weight: 2, arbitrary: allButOne }, { weight: 1, arbitrary: allPlausible }).map((entries) => Object.fromEntries(entries));
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

const RAW_JSON = ["{", "[", '{"a":', "{}}", "nul", '"\\ud800"', '{"a":"\\u0000"}', '{"__proto__":{"admin":true}}', "[".repeat(100_000), '{"a":1,"a":2}', "true", "1", '"text"', "[]", "null", "  ", "\u0000"];
const FORM_BODIES = ["email=a%40b.co&password=x&name=%00", "a=%ZZ", "=&=&&", "name[]=1&name[]=2", "fullName=%ED%A0%80"];
const MULTIPART = ['--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n', "--x\r\n\r\n", "not multipart at all"];
const CONTENT_TYPES = [
  "application/json; charset=utf-16", "application/JSON", "application/json-patch+json", "application/vnd.api+json", "application/json, text/plain",
  "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "multipart/form-data", "text/plain", "application/octet-stream", "image/png", "",
];
/** '{"a":"…"}' with bytes that are not UTF-8 (0xFF, an encoded surrogate, an overlong NUL). */
const INVALID_UTF8 = [[0xff, 0xfe], [0xed, 0xa0, 0x80], [0xc0, 0x80]].map((bytes) => Uint8Array.from([...Buffer.from('{"a":"'), ...bytes, ...Buffer.from('"}')]));

/** The route's fields as a form would send them (a form-encoded body reaches better-auth's handlers as JSON does). */
const formEncoded = (value: Record<string, unknown>) =>
  Object.entries(value)
    .map(([field, item]) => `${percentEncode(field)}=${percentEncode(typeof item === "string" ? item : (JSON.stringify(item) ?? ""))}`)
    .join("&");

function hostileBody(route: Route, known: KnownValues, hints: FieldHints): fc.Arbitrary<HostileBody> {
  return fc.oneof(
    { weight: 12, arbitrary: jsonObject(route.bodyFields, known, hints).map((value): HostileBody => ({ kind: "json", value })) },
    { weight: 2, arbitrary: jsonObject(route.bodyFields, known, hints).map((value): HostileBody => ({ kind: "raw", contentType: "application/x-www-form-urlencoded", content: formEncoded(value) })) },
    { weight: 2, arbitrary: hostileValue(known).map((value): HostileBody => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.constant<HostileBody>({ kind: "none" }) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_JSON).map((content): HostileBody => ({ kind: "raw", contentType: "application/json", content })) },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_UTF8).map((content): HostileBody => ({ kind: "raw", contentType: "application/json", content })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined), fc.constantFrom(...FORM_BODIES, ...MULTIPART, ...RAW_JSON.slice(0, 6)))
        .map(([contentType, content]): HostileBody => ({ kind: "raw", contentType, content })),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Paths and query strings

/** Percent-encodes any string, lone surrogates included (as the three bytes UTF-8 would give them: invalid UTF-8). */
export function percentEncode(text: string): string {
  let encoded = "";
  for (const character of text) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

/** Path segments as sent: already encoded, or raw escapes that are themselves the attack. */
const RAW_SEGMENTS = ["", "%00", "%", "%ZZ", "%ED%A0%80", "%C0%80", "%FF", "..", "%2e%2e", "%2F", "%3F", "%23", ":id", "*", "null", "-1", "x".repeat(5000)];

function pathParameter(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
    // Blockers are what most routes with an id are about: often enough one's own, or another team's.
    { weight: 8, arbitrary: fc.constantFrom(...known.blockerIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 3, arbitrary: hostileString.filter((text) => text.length < 20_000).map(percentEncode) },
  );
}

function pathFor(pattern: string, known: KnownValues): fc.Arbitrary<string> {
  const parts = pattern.split("/").map((segment) => {
    if (segment === "*") return fc.array(pathParameter(known), { minLength: 1, maxLength: 3 }).map((segments) => segments.join("/"));
    if (segment.startsWith(":")) return pathParameter(known);
    return fc.constant(segment);
  });
  return fc.tuple(...parts).map((segments) => segments.join("/"));
}

const RAW_QUERIES = ["a", "=", "&&&", "from=%ZZ", "from=%00", "from=%ED%A0%80", "to=9999-12-31", "from=0000-01-01", "person=x&person=y", "from[]=2026-01-01", "scope=", "callbackURL=javascript:alert(1)", "callbackURL=https://evil.example", "callbackURL=//evil.example", "token=%00", "%", "role=%00"];
export const QUERY_FIELDS = ["from", "to", "person", "scope", "role", "callbackURL", "token", "id", "organizationId", "invitationId", "email", "error", "currentURL", "disableCookieCache"];

function queryFor(route: Route, known: KnownValues): fc.Arbitrary<string> {
  const names = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...route.queryFields, ...QUERY_FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  const valueFor = (name: string) => fc.oneof(hostileString.filter((text) => text.length < 20_000), plausibleFor(name, known).map(String));
  const pair = names.chain((name) => valueFor(name).map((text) => `${percentEncode(name)}=${percentEncode(text)}`));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 4, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join("&")) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Who is asking

/** A fresh client address most of the time (so per-client limits do not answer everything), odd ones sometimes. */
const forwardedFor = fc.oneof(
  { weight: 9, arbitrary: fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0xffff })).map(([a, b]) => `2001:db8:${a.toString(16)}:${b.toString(16)}::1`) },
  { weight: 1, arbitrary: fc.constantFrom("", "garbage", "1.1.1.1, 2.2.2.2", "999.999.999.999", "::ffff:127.0.0.1", "unknown", "2001:db8::1%eth0", "1.1.1.1:80") },
);

/**
 * A header value: a hostile string as the bytes of its UTF-8 (invalid UTF-8 included: a lone surrogate's three bytes),
 * each sent as one byte, as HTTP carries them. What no header can hold (NUL, line breaks and other controls) is left
 * out: Node refuses to send it, and a server never receives it.
 */
const hostileHeaderValue = hostileString
  .filter((text) => text.length < 4000)
  .map((text) => {
    const bytes = Buffer.from(percentEncode(text).replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1");
    return [...bytes].filter((byte) => byte === 0x09 || (byte >= 0x20 && byte !== 0x7f)).map((byte) => String.fromCharCode(byte)).join("");
  });

/** The headers Holdup reads into a lookup or a row: the team a request acts in, and the browser's name (a session's). */
function hostileHeaders(known: KnownValues): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    { "x-holdup-team": fc.oneof(fc.constantFrom(...known.ids), hostileHeaderValue), "user-agent": hostileHeaderValue, "accept-language": hostileHeaderValue },
    { requiredKeys: [] },
  );
}

export function hostileRequest(route: Route, known: KnownValues, hints: FieldHints = NO_HINTS): fc.Arbitrary<HostileRequest> {
  const method = route.method === "ALL" ? fc.constantFrom(...METHODS_FOR_ALL) : fc.constant(route.method);
  return fc
    .record({
      method,
      path: pathFor(route.path, known),
      query: queryFor(route, known),
      body: hostileBody(route, known, hints),
      // Mostly the member: the one who gets furthest into the routes.
      identity: fc.oneof({ weight: 1, arbitrary: fc.constant<Identity>("signed-out") }, { weight: 3, arbitrary: fc.constant<Identity>("member") }, { weight: 1, arbitrary: fc.constant<Identity>("newcomer") }),
      forwardedFor,
      headers: hostileHeaders(known),
    })
    .map((request) => (request.method === "GET" ? { ...request, body: { kind: "none" } as const } : request));
}
