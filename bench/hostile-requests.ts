// Hostile input for the soak benchmark: requests a careless or malicious client sends to every kind of endpoint —
// wrong types, huge and odd strings (lone surrogates, NUL), extreme dates, wrong content types, ids that are not
// UUIDs, bodies over the 1 MB limit, malformed JSON and cookies. Every one of them must be answered with a 4xx
// (a 5xx or a dropped connection is an error). Generated with fast-check from a seed, so a run can be repeated.
import fc from "fast-check";

export type HostileRequest = { kind: string; method: string; path: string; headers: Record<string, string>; body?: string };

/** What the requests may point at: a real blocker and a real teammate, so that a valid-looking request goes deep. */
export type HostileTargets = { blockerId: string; profileId: string };

/** 500,000 characters: far beyond every text limit (the longest is 5,000), under the 1 MB body limit. */
const HUGE = 500_000;

const hugeString = fc.constantFrom("a", "é", "😀", "\u0000", "\uD800", " ", "%", "'", "x@").map((unit) => unit.repeat(Math.ceil(HUGE / unit.length)).slice(0, HUGE));
/** An e-mail address that passes a pattern without a length limit: a huge local part or domain. */
const hugeEmail = fc.constantFrom(`${"a".repeat(HUGE)}@example.com`, `someone@${"b".repeat(HUGE)}.com`, `${"ü".repeat(HUGE / 2)}@example.com`);
const oddString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\uD800", "x\uDC00y", "\uFFFE", "\u202Eevil", "𝕳𝖔𝖑𝖉", "' or 1=1 --", "<script>alert(1)</script>", "../../etc/passwd", "%00", "\r\nX-Injected: 1", "null", "undefined", "NaN"),
);
const anyString = fc.oneof({ arbitrary: oddString, weight: 4 }, { arbitrary: hugeString, weight: 1 });
const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }));
const anyValue = fc.oneof({ arbitrary: anyString, weight: 3 }, { arbitrary: wrongType, weight: 2 });
const extremeDate = fc.oneof(
  fc.constantFrom(
    "+275760-09-13T00:00:00.000Z",
    "-271821-04-20T00:00:00.000Z",
    "0000-01-01T00:00:00Z",
    "10000-01-01T00:00:00Z",
    "9999-12-31T23:59:59.999-12:00",
    "1969-12-31T23:59:59Z",
    "2026-02-30T00:00:00Z",
    "2026-13-01",
    "9999-12-31",
    "0001-01-01",
    "1e309",
    "",
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.integer().map(String),
);
const json = (value: unknown) => JSON.stringify(value);
/** encodeURIComponent throws on a lone surrogate; those are sent as their WTF-8 bytes, which no decoder accepts. */
const encodePathPart = (text: string) => text.split(/([\uD800-\uDFFF])/u).map((part, index) => (index % 2 ? `%${Buffer.from(part, "utf16le").toString("hex").toUpperCase()}` : encodeURIComponent(part))).join("");
/** Ids where a UUID belongs: random text, near misses, a valid UUID of nothing, long ones (under the header limit). */
const notAnId = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }).map(encodePathPart),
  fc.constantFrom("not-a-uuid", "%00", "%ED%A0%80", "..", "00000000-0000-0000-0000-00000000000g", "x".repeat(8_000), "1 or 1=1", "%C0%AE"),
  fc.uuid(),
);

const post = (kind: string, path: string, body: unknown): HostileRequest => ({ kind, method: "POST", path, headers: { "content-type": "application/json" }, body: json(body) });

function requests(targets: HostileTargets): fc.Arbitrary<HostileRequest> {
  const blocker = `/api/blockers/${targets.blockerId}`;
  const someone = fc.constantFrom(targets.profileId);
  return fc.oneof(
    // Field by field, on the endpoints that write: wrong types and odd or huge text where text belongs.
    fc.record({ title: anyValue, description: anyValue, linkUrl: anyValue, priority: anyValue, dueAt: fc.oneof(extremeDate, anyValue), blockingProfileIds: fc.oneof(fc.array(fc.oneof(someone, anyString), { maxLength: 3 }), anyValue) }, { requiredKeys: [] }).map((body) => post("create blocker", "/api/blockers", body)),
    fc.record({ body: anyValue }).map((body) => post("comment", `${blocker}/comments`, body)),
    fc.record({ reason: anyValue, suggestedProfileId: fc.oneof(notAnId, anyValue) }, { requiredKeys: [] }).map((body) => post("decline", `${blocker}/decline`, body)),
    fc.record({ until: fc.oneof(extremeDate, anyValue) }).map((body) => post("snooze", `${blocker}/snooze`, body)),
    fc.record({ profileId: fc.oneof(notAnId, anyValue) }).map((body) => post("nudge", `${blocker}/nudge`, body)),
    fc.record({ fullName: anyValue, timezone: anyValue }, { requiredKeys: [] }).map((body): HostileRequest => ({ kind: "profile", method: "PATCH", path: "/api/profile", headers: { "content-type": "application/json" }, body: json(body) })),
    fc.record({ fullName: anyValue, timezone: anyValue }).map((body) => post("onboarding profile", "/api/onboarding/profile", body)),
    fc.record({ emails: fc.oneof(fc.array(fc.oneof(hugeEmail, anyString), { maxLength: 2 }), anyValue) }).map((body) => post("invitations", "/api/team/invitations", body)),
    fc.record({ name: anyValue, email: fc.oneof(hugeEmail, anyValue), message: anyValue }, { requiredKeys: [] }).map((body) => post("support", "/api/support", body)),
    // better-auth's endpoints, behind Holdup's checks: e-mail addresses of every size, passwords and names of every kind.
    fc.record({ email: fc.oneof(hugeEmail, anyValue), password: anyValue }).map((body) => post("sign in", "/api/auth/sign-in/email", body)),
    fc.record({ email: fc.oneof(hugeEmail, anyValue), password: anyValue, name: anyValue }).map((body) => post("sign up", "/api/auth/sign-up/email", body)),
    fc.record({ email: fc.oneof(hugeEmail, anyValue), type: anyValue }).map((body) => post("send code", "/api/auth/email-otp/send-verification-otp", body)),
    fc.record({ email: fc.oneof(hugeEmail, anyValue), type: anyValue }).map((body) => post("resend", "/api/auth/resend", body)),
    fc.record({ email: fc.oneof(hugeEmail, anyValue), otp: anyValue }).map((body) => post("code sign-in", "/api/auth/sign-in/email-otp", body)),
    fc
      .tuple(fc.constantFrom("/email-otp/verify-email", "/email-otp/check-verification-otp", "/email-otp/reset-password", "/forget-password/email-otp", "/request-password-reset", "/send-verification-email", "/change-email"), fc.record({ email: fc.oneof(hugeEmail, anyValue), newEmail: fc.oneof(hugeEmail, anyValue), otp: anyValue, type: anyValue, password: anyValue }, { requiredKeys: [] }))
      .map(([path, body]) => post("other auth e-mail", `/api/auth${path}`, body)),
    fc.record({ name: anyValue }).map((body) => post("update user", "/api/auth/update-user", body)),
    fc.record({ token: anyValue, newPassword: anyValue }).map((body) => post("reset password", "/api/auth/reset-password", body)),
    // Ids and query strings.
    notAnId.map((id): HostileRequest => ({ kind: "blocker id", method: "GET", path: `/api/blockers/${id}`, headers: {} })),
    notAnId.map((id): HostileRequest => ({ kind: "person id", method: "GET", path: `/api/people/${id}`, headers: {} })),
    notAnId.map((id) => post("done, bad id", `/api/blockers/${id}/done`, {})),
    notAnId.map((id) => post("read, bad id", `/api/notifications/${id}/read`, {})),
    fc.record({ person: fc.oneof(notAnId, oddString), from: extremeDate, to: extremeDate }, { requiredKeys: [] }).map((query): HostileRequest => ({ kind: "resolved filters", method: "GET", path: `/api/blockers/resolved?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, value.slice(0, 4_000)]))}`, headers: {} })),
    // The wrong encodings, and bodies that are not what they claim.
    fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "").map((type): HostileRequest => ({ kind: "content type", method: "POST", path: `${blocker}/comments`, headers: type ? { "content-type": type } : {}, body: type.startsWith("application/x-www") ? "body=hello" : "hello" })),
    fc.constantFrom("{", "[1,2", '{"body": "unterminated', "\u0000", "{}{}", '{"body":"a"}garbage', "1".repeat(HUGE)).map((body): HostileRequest => ({ kind: "malformed JSON", method: "POST", path: `${blocker}/comments`, headers: { "content-type": "application/json" }, body })),
    fc.constantFrom("/api/blockers", "/api/auth/sign-in/email", "/api/support").map((path): HostileRequest => ({ kind: "over 1 MB", method: "POST", path, headers: { "content-type": "application/json" }, body: json({ body: "z".repeat(1_100_000) }) })),
    fc.constantFrom("DELETE", "PUT", "PATCH").map((method): HostileRequest => ({ kind: "wrong method", method, path: "/api/counters", headers: { "content-type": "application/json" }, body: "{}" })),
    // A forged or garbled session cookie: the reader must say no, and the database must be asked at most once.
    fc.oneof(oddString.map(encodePathPart), fc.constantFrom("e30", "x".repeat(12_000), Buffer.from(json({ session: { session: {}, user: {} }, expiresAt: 1e20, signature: "x" })).toString("base64url"))).map((cookie): HostileRequest => ({ kind: "forged cookie", method: "GET", path: "/api/counters", headers: { cookie: `better-auth.session_data=${cookie}; better-auth.session_token=forged.${cookie.slice(0, 100)}` } })),
  );
}

/**
 * An endless, repeatable stream of hostile requests: small batches of fast-check samples (a batch is where fast-check
 * varies its bias between small and large values), each from the next seed, so few huge bodies wait in memory.
 */
export function* hostileRequests(targets: HostileTargets, seed: number): Generator<HostileRequest> {
  const arbitrary = requests(targets);
  for (let batch = 0; ; batch++) yield* fc.sample(arbitrary, { numRuns: 10, seed: seed + batch });
}
