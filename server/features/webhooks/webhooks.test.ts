// Outgoing webhooks through the real app (decision 039): endpoints added by owners and admins, the events they chose
// delivered to a local receiver and signed as Standard Webhooks says (checked here with node:crypto, not Holdup's
// code), retried by the app's clock, redelivered, turned off after three days of failures with an e-mail to the
// team's owners and admins; never to a private address (at save time and at connect time, whatever DNS answers), never
// following a redirect; the Free plan's two integrations; one team never reaching another's.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventTypes } from "../../../common/webhooks.ts";
import { webhookDeliveries } from "../../db/schema.ts";
import { recordChanges } from "../blockers/record-change.ts";
import { makeBlocker, makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../../test/webhook-receiver.ts";
import { queueDueWebhookRetries } from "./deliver-webhooks.ts";

type Team = { id: string; owner: Teammate; admin: Teammate; member: Teammate };
type Webhook = { id: string; url: string | null; host: string; events: string[]; enabled: boolean; disabledReason: string | null; health: { state: string; failingSince: string | null; lastSuccessAt: string | null } };
type Attempt = { id: string; deliveryId: string; event: string; attempt: number; ok: boolean; statusCode: number | null; durationMs: number | null; responseExcerpt: string | null; error: string | null; manual: boolean; deliveryStatus: string; nextAttemptAt: string | null };
type WebhookList = { canManage: boolean; allowsPrivate: boolean; room: string; endpoints: Webhook[] };

/** The signature checked the way a receiver would, with node:crypto: HMAC-SHA256 of "id.timestamp.body" under the decoded secret. */
function signedWith(secret: string, request: ReceivedWebhook) {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${String(request.headers["webhook-id"])}.${String(request.headers["webhook-timestamp"])}.${request.body}`).digest("base64");
  return String(request.headers["webhook-signature"]).split(" ").includes(`v1,${expected}`);
}

const bodyOf = (request: ReceivedWebhook) => JSON.parse(request.body) as { type: string; timestamp: string; data: { blocker: { id: string; title: string; status: string; blocking: { person: { id: string }; status: string }[] } | null; actor: { id: string; name: string | null } | null; person?: { id: string; name: string | null }; comment?: { body: string } } };
const about = (blockerId: string, type?: string) => (request: ReceivedWebhook) => {
  const body = bodyOf(request);
  return body.data.blocker?.id === blockerId && (type === undefined || body.type === type);
};

async function teamOf(server: TestServer, name: string): Promise<Team> {
  const [owner, admin, member] = (await makeTeam(server, ["Olive", "Adam", "Mia"], name)) as [Teammate, Teammate, Teammate];
  const id = (await okJson(owner.client.api.team.$get())).id;
  const members = (await owner.client.request("/api/team/members")).json as { items: { memberId: string; profileId: string }[] };
  const adminRow = members.items.find((row) => row.profileId === admin.profileId);
  const promoted = await owner.client.request(`/api/team/members/${adminRow?.memberId}`, { method: "PATCH", json: { role: "admin" } });
  expect(promoted.status, promoted.text).toBe(200);
  return { id, owner, admin, member };
}

async function addWebhook(by: Teammate, url: string, events: readonly string[] = webhookEventTypes) {
  const answer = await by.client.request("/api/team/webhooks", { json: { url, events, description: "Ops" } });
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { webhook: Webhook; secret: string };
}

const listOf = async (by: Teammate) => (await by.client.request("/api/team/webhooks")).json as WebhookList;
const logOf = async (by: Teammate, webhookId: string) => ((await by.client.request(`/api/team/webhooks/${webhookId}/deliveries`)).json as { items: Attempt[] }).items;

describe("webhooks, where private addresses are allowed (WEBHOOKS_ALLOW_PRIVATE=true)", () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const clock = testClock();
  const sweep = () => queueDueWebhookRetries(server.deps, clock.now());

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({ clock, environment: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it("signs each delivery as Standard Webhooks says, with a secret shown once, and the blocker as the public API shows it", async () => {
    const team = await teamOf(server, "Signing");
    const { webhook, secret } = await addWebhook(team.admin, `${receiver.url}/signed`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(JSON.stringify(await listOf(team.owner))).not.toContain(secret.slice(6));

    const blockerId = await makeBlocker(team.owner, [team.member], { title: "Signed payload" });
    const request = await receiver.next(about(blockerId));
    expect(request.path).toBe("/signed");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(String(request.headers["webhook-id"])).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(Number(request.headers["webhook-timestamp"])).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(signedWith(secret, request)).toBe(true);
    expect(signedWith(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, request)).toBe(false);

    const body = bodyOf(request);
    expect(body.type).toBe("blocker.created");
    expect(body.timestamp).toBe(clock.now().toISOString());
    expect(body.data.actor).toEqual({ id: team.owner.profileId, name: "Olive" });
    expect(body.data.blocker).toMatchObject({ id: blockerId, title: "Signed payload", status: "open", blocking: [{ person: { id: team.member.profileId }, status: "pending" }] });
    expect(body.data).not.toHaveProperty("person");

    await expect.poll(async () => (await logOf(team.admin, webhook.id)).map((attempt) => [attempt.event, attempt.ok, attempt.statusCode, attempt.attempt, attempt.responseExcerpt])).toEqual([["blocker.created", true, 200, 1, "ok"]]);
    await expect.poll(async () => (await listOf(team.admin)).endpoints[0]?.health.state).toBe("ok");
  });

  it("sends only the events an endpoint chose, each as it stood at the event: whose part, the comment, the actor", async () => {
    const team = await teamOf(server, "Events");
    await addWebhook(team.owner, `${receiver.url}/chosen`, ["blocker.done", "blocker.nudged", "comment.created"]);
    const blockerId = await makeBlocker(team.owner, [team.member], { title: "Chosen events" });
    expect((await team.owner.client.post(`/api/blockers/${blockerId}/comments`, { body: "Any news?" })).status).toBe(201);
    expect((await team.owner.client.post(`/api/blockers/${blockerId}/nudge`, { profileId: team.member.profileId })).status).toBe(200);
    expect((await team.member.client.post(`/api/blockers/${blockerId}/done`)).status).toBe(200);

    const comment = bodyOf(await receiver.next(about(blockerId, "comment.created")));
    expect(comment.data.comment).toEqual({ body: "Any news?" });
    expect(comment.data.actor?.name).toBe("Olive");
    const nudge = bodyOf(await receiver.next(about(blockerId, "blocker.nudged")));
    expect(nudge.data.person).toEqual({ id: team.member.profileId, name: "Mia" });
    const done = bodyOf(await receiver.next(about(blockerId, "blocker.done")));
    expect(done.data.person).toEqual({ id: team.member.profileId, name: "Mia" });
    // The blocker resolved itself in the same change; the event shows it as it was when the part was done.
    expect(done.data.blocker).toMatchObject({ status: "open", blocking: [{ status: "done" }] });
    const kinds = receiver.received.filter(about(blockerId)).map((request) => bodyOf(request).type);
    expect(kinds.sort()).toEqual(["blocker.done", "blocker.nudged", "comment.created"]);
  });

  it("tells of a change taken back with Undo as blocker.undone, naming the event; a snooze taken back was never sent", async () => {
    const team = await teamOf(server, "Undone");
    await addWebhook(team.owner, `${receiver.url}/undone`, ["blocker.done", "blocker.undone"]);
    const blockerId = await makeBlocker(team.owner, [team.member], { title: "Taken back" });
    expect((await team.member.client.post(`/api/blockers/${blockerId}/snooze`, { choice: "tomorrow" })).status).toBe(200);
    expect((await team.member.client.post(`/api/blockers/${blockerId}/undo`, { change: "snoozed" })).status).toBe(200);
    expect((await team.member.client.post(`/api/blockers/${blockerId}/done`)).status).toBe(200);
    expect((await team.member.client.post(`/api/blockers/${blockerId}/undo`, { change: "done" })).status).toBe(200);

    expect(bodyOf(await receiver.next(about(blockerId, "blocker.done"))).data.blocker).toMatchObject({ blocking: [{ status: "done" }] });
    const undone = bodyOf(await receiver.next(about(blockerId, "blocker.undone")));
    expect(undone.data).toMatchObject({ undone: "blocker.done", actor: { id: team.member.profileId }, blocker: { status: "open", blocking: [{ status: "pending" }] } });
    const kinds = receiver.received.filter(about(blockerId)).map((request) => bodyOf(request).type);
    expect(kinds.sort()).toEqual(["blocker.done", "blocker.undone"]);
  });

  it("sends nothing for a change that was rolled back", async () => {
    const team = await teamOf(server, "Rolled back");
    await addWebhook(team.owner, `${receiver.url}/rollback`, ["comment.created"]);
    const blockerId = await makeBlocker(team.owner, [team.member], { title: "Rolled back" });
    const change = { blockerId, actorId: team.owner.profileId, type: "commented" as const, payload: { body: "Never said" }, audience: [], at: clock.now() };
    await expect(
      server.deps.db.transaction(async (tx) => {
        await recordChanges(tx, server.deps, [change]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await team.owner.client.post(`/api/blockers/${blockerId}/comments`, { body: "Said" })).status).toBe(201);
    expect(bodyOf(await receiver.next(about(blockerId, "comment.created"))).data.comment).toEqual({ body: "Said" });
    const rows = await server.deps.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.eventType, "comment.created"));
    expect(rows.some((row) => row.body.includes("Never said"))).toBe(false);
    expect(receiver.received.some((request) => request.body.includes("Never said"))).toBe(false);
  });

  it("tries a failed delivery again after a back-off by the app's clock, with the same id and body, until it succeeds; and redelivers it on request", async () => {
    const team = await teamOf(server, "Retries");
    const { webhook, secret } = await addWebhook(team.admin, `${receiver.url}/flaky`, ["blocker.created"]);
    receiver.answerNext({ status: 500, body: "down for maintenance" }, { status: 503, body: "still down" });
    const blockerId = await makeBlocker(team.owner, [team.member], { title: "Flaky receiver" });
    const first = await receiver.next(about(blockerId));
    await expect.poll(async () => (await logOf(team.admin, webhook.id)).map((attempt) => [attempt.attempt, attempt.statusCode, attempt.responseExcerpt])).toEqual([[1, 500, "down for maintenance"]]);
    const [failed] = await logOf(team.admin, webhook.id);
    expect(failed?.nextAttemptAt).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    expect((await listOf(team.admin)).endpoints[0]?.health).toMatchObject({ state: "failing", failingSince: clock.now().toISOString() });

    // Not due yet: not queued (queuing it would have moved its time on by the lease).
    const dueAt = async () => (await server.deps.db.select({ next: webhookDeliveries.nextAttemptAt }).from(webhookDeliveries).where(eq(webhookDeliveries.id, String(first.headers["webhook-id"]))))[0]?.next?.toISOString();
    clock.advance(30_000);
    await sweep();
    expect(await dueAt()).toBe(new Date(clock.now().getTime() + 30_000).toISOString());
    clock.advance(30_000);
    await sweep();
    await expect.poll(() => receiver.received.filter(about(blockerId)).length).toBe(2);
    await expect.poll(async () => (await logOf(team.admin, webhook.id))[0]?.statusCode).toBe(503);
    expect((await logOf(team.admin, webhook.id))[0]?.nextAttemptAt).toBe(new Date(clock.now().getTime() + 120_000).toISOString());
    clock.advance(120_000);
    await sweep();
    await expect.poll(async () => (await logOf(team.admin, webhook.id)).map((attempt) => [attempt.attempt, attempt.ok, attempt.deliveryStatus])).toEqual([
      [3, true, "succeeded"],
      [2, false, "succeeded"],
      [1, false, "succeeded"],
    ]);
    const tries = receiver.received.filter(about(blockerId));
    expect(new Set(tries.map((request) => request.headers["webhook-id"])).size).toBe(1);
    expect(new Set(tries.map((request) => request.body)).size).toBe(1);
    expect(tries.map((request) => Number(request.headers["webhook-timestamp"]) - Number(first.headers["webhook-timestamp"]))).toEqual([0, 60, 180]);
    expect(tries.every((request) => signedWith(secret, request))).toBe(true);
    expect((await listOf(team.admin)).endpoints[0]?.health).toMatchObject({ state: "ok", failingSince: null });

    const redelivered = await team.admin.client.post(`/api/team/webhooks/${webhook.id}/deliveries/${String(first.headers["webhook-id"])}/redeliver`);
    expect(redelivered.status, redelivered.text).toBe(202);
    await expect.poll(() => receiver.received.filter(about(blockerId)).length).toBe(4);
    expect(receiver.received.filter(about(blockerId)).at(-1)?.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    await expect.poll(async () => (await logOf(team.admin, webhook.id))[0]).toMatchObject({ attempt: 4, ok: true, manual: true });
  });

  it("keeps the first kilobyte of an answer, and takes a redirect for a failure it does not follow", async () => {
    const team = await teamOf(server, "Answers");
    const elsewhere = await startWebhookReceiver();
    try {
      const { webhook } = await addWebhook(team.admin, `${receiver.url}/answers`, ["blocker.created"]);
      receiver.answerNext({ status: 200, body: "é".repeat(3000) }, { status: 302, headers: { location: `${elsewhere.url}/stolen` }, body: "moved" });
      const long = await makeBlocker(team.owner, [team.member], { title: "Long answer" });
      await receiver.next(about(long));
      const moved = await makeBlocker(team.owner, [team.member], { title: "Moved" });
      await receiver.next(about(moved));
      await expect.poll(async () => (await logOf(team.admin, webhook.id)).length).toBe(2);
      const log = await logOf(team.admin, webhook.id);
      const answered = log.find((attempt) => attempt.statusCode === 200);
      const redirect = log.find((attempt) => attempt.statusCode === 302);
      expect(Buffer.byteLength(answered?.responseExcerpt ?? "")).toBeLessThanOrEqual(1024);
      expect(answered?.responseExcerpt).toMatch(/^(é){500,}/);
      expect(redirect).toMatchObject({ ok: false, statusCode: 302, error: "redirect not followed", deliveryStatus: "pending" });
      expect(elsewhere.received).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it("signs with both secrets for a day after a rotation, the new one shown once", async () => {
    const team = await teamOf(server, "Rotation");
    const { webhook, secret: before } = await addWebhook(team.admin, `${receiver.url}/rotated`, ["blocker.created"]);
    const rotated = await team.owner.client.post(`/api/team/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    const after = (rotated.json as { secret: string }).secret;
    expect(after).not.toBe(before);
    const blockerId = await makeBlocker(team.owner, [team.member], { title: "Both secrets" });
    const request = await receiver.next(about(blockerId));
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect([signedWith(after, request), signedWith(before, request)]).toEqual([true, true]);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await makeBlocker(team.owner, [team.member], { title: "New secret only" });
    const laterRequest = await receiver.next(about(later));
    expect([signedWith(after, laterRequest), signedWith(before, laterRequest)]).toEqual([true, false]);
  });

  it("is changed, turned off (what waited is not sent) and on again, and deleted by owners and admins", async () => {
    const team = await teamOf(server, "Changes");
    const { webhook } = await addWebhook(team.admin, `${receiver.url}/changes`, ["blocker.created"]);
    const changed = await team.owner.client.request(`/api/team/webhooks/${webhook.id}`, { method: "PATCH", json: { url: `${receiver.url}/changed`, events: ["blocker.created", "comment.created"], description: "Renamed" } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ url: `${receiver.url}/changed`, events: ["blocker.created", "comment.created"], description: "Renamed", enabled: true });
    const off = await team.admin.client.request(`/api/team/webhooks/${webhook.id}`, { method: "PATCH", json: { enabled: false } });
    expect(off.json).toMatchObject({ enabled: false, disabledReason: "manual", health: { state: "disabled" } });
    const unsent = await makeBlocker(team.owner, [team.member], { title: "While off" });
    expect((await team.admin.client.post(`/api/team/webhooks/${webhook.id}/deliveries/msg_${"a".repeat(22)}/redeliver`)).status).toBe(409);
    const on = await team.admin.client.request(`/api/team/webhooks/${webhook.id}`, { method: "PATCH", json: { enabled: true } });
    expect(on.json).toMatchObject({ enabled: true, disabledReason: null });
    const sent = await makeBlocker(team.owner, [team.member], { title: "On again" });
    await receiver.next(about(sent));
    expect(receiver.received.some(about(unsent))).toBe(false);
    expect((await team.admin.client.request(`/api/team/webhooks/${webhook.id}`, { method: "PATCH", json: {} })).json).toMatchObject({ code: "validation_failed", fields: { _: [expect.any(String)] } });
    expect((await team.admin.client.request(`/api/team/webhooks/${webhook.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await listOf(team.admin)).endpoints).toEqual([]);
    expect((await team.admin.client.request(`/api/team/webhooks/${webhook.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("turns off an endpoint whose every delivery failed for three days, after a day of retries, and tells the team's owners and admins", async () => {
    const team = await teamOf(server, "Failing");
    const broken = await startWebhookReceiver();
    try {
      broken.answerUsually({ status: 500, body: "broken" });
      const { webhook } = await addWebhook(team.admin, `${broken.url}/broken`, ["blocker.created"]);
      const started = clock.now().getTime();
      const blockerId = await makeBlocker(team.owner, [team.member], { title: "Never arrives" });
      await broken.next(about(blockerId));
      // The day of retries: each due by the app's clock, a minute, two, four… apart, at most six hours.
      for (let attempt = 1; ; attempt++) {
        await expect.poll(async () => (await logOf(team.admin, webhook.id)).length).toBe(attempt);
        const [latest] = await logOf(team.admin, webhook.id);
        if (!latest?.nextAttemptAt) break;
        clock.advance(new Date(latest.nextAttemptAt).getTime() - clock.now().getTime());
        await sweep();
      }
      const attempts = await logOf(team.admin, webhook.id);
      expect(attempts[0]?.deliveryStatus).toBe("failed");
      expect(attempts.length).toBeGreaterThanOrEqual(10);
      expect(clock.now().getTime() - started).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
      expect(clock.now().getTime() - started).toBeGreaterThan(16 * 60 * 60 * 1000);
      expect((await listOf(team.admin)).endpoints[0]).toMatchObject({ enabled: true, health: { state: "failing", failingSince: new Date(started).toISOString() } });

      // Three days after the first failure, the next failure turns it off.
      clock.advance(started + 3 * 24 * 60 * 60 * 1000 - clock.now().getTime());
      const last = await makeBlocker(team.owner, [team.member], { title: "Three days on" });
      await broken.next(about(last));
      await expect.poll(async () => (await listOf(team.admin)).endpoints[0]).toMatchObject({ enabled: false, disabledReason: "failing", health: { state: "disabled" } });
      for (const reader of [team.owner, team.admin]) {
        const mail = await server.mail.waitFor(reader.email, (caught) => caught.subject.includes("a webhook was turned off"));
        expect(mail.text).toContain(`${broken.url}/broken`);
        expect(mail.text).toContain("/organization/integrations");
      }
      expect(server.mail.mails.some((mail) => mail.to === team.member.email.toLowerCase() && mail.subject.includes("webhook"))).toBe(false);
      // Off: new events are not queued for it.
      const after = await makeBlocker(team.owner, [team.member], { title: "After it was turned off" });
      const queued = await server.deps.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhook.id));
      expect(queued.some((row) => row.body.includes(after))).toBe(false);
    } finally {
      await broken.close();
    }
  });
});

describe("webhooks, where only public addresses are called (the default), on the Free plan", () => {
  let server: TestServer;
  const clock = testClock();
  const resolved: string[] = [];
  // The test's DNS: what a name resolves to is the test's to say, so nothing here reaches the network.
  const resolveHost = async (hostname: string) => {
    resolved.push(hostname);
    if (hostname === "internal.example.test") return [{ address: "10.0.0.5", family: 4 }];
    if (hostname === "metadata.example.test") return [{ address: "169.254.169.254", family: 4 }];
    if (hostname === "mapped.example.test") return [{ address: "::ffff:127.0.0.1", family: 6 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  };

  beforeAll(async () => {
    server = await startTestServer({ smtp: false, clock, resolveHost, environment: { DEFAULT_PLAN: "free" } });
  });
  afterAll(() => server?.stop());

  it("refuses, when saving, an http:// address or one that is not public, naming the field", async () => {
    const team = await teamOf(server, "Saving");
    for (const url of ["http://hooks.example.com/in", "https://127.0.0.1/hook", "https://[::1]/hook", "https://169.254.169.254/latest/meta-data", "https://[::ffff:127.0.0.1]/", "https://2130706433/", "https://10.0.0.5/", "https://[fd00::1]/", "https://localhost/hook", "https://100.64.0.1/"]) {
      const answer = await team.admin.client.request("/api/team/webhooks", { json: { url, events: ["blocker.created"] } });
      expect([answer.status, answer.json], url).toEqual([400, expect.objectContaining({ code: "validation_failed", fields: { url: [expect.any(String)] } })]);
    }
    const malformed = await team.admin.client.request("/api/team/webhooks", { json: { url: "not a url", events: ["blocker.nope"] } });
    expect(malformed.json).toMatchObject({ code: "validation_failed", fields: { url: [expect.any(String)], "events.0": [expect.any(String)] } });
    expect((await listOf(team.admin)).endpoints).toEqual([]);
  });

  it("resolves a name itself at each delivery and connects to nothing that is not public", async () => {
    const team = await teamOf(server, "Resolving");
    const { webhook } = await addWebhook(team.admin, "https://internal.example.test/hook", ["blocker.created"]);
    await makeBlocker(team.owner, [team.member], { title: "To a private address" });
    await expect.poll(async () => (await logOf(team.admin, webhook.id))[0]).toMatchObject({ ok: false, statusCode: null, error: "refused: internal.example.test resolves to no public address (10.0.0.5)" });
    expect(resolved).toContain("internal.example.test");
    for (const [name, address] of [
      ["metadata.example.test", "169.254.169.254"],
      ["mapped.example.test", "::ffff:127.0.0.1"],
    ] as const) {
      const changed = await team.admin.client.request(`/api/team/webhooks/${webhook.id}`, { method: "PATCH", json: { url: `https://${name}/hook` } });
      expect(changed.status).toBe(200);
      const redelivered = await team.admin.client.post(`/api/team/webhooks/${webhook.id}/deliveries/${(await logOf(team.admin, webhook.id))[0]?.deliveryId}/redeliver`);
      expect(redelivered.status).toBe(202);
      await expect.poll(async () => (await logOf(team.admin, webhook.id))[0]?.error).toBe(`refused: ${name} resolves to no public address (${address})`);
    }
  });

  it("counts each endpoint as one of the Free plan's two integrations", async () => {
    const team = await teamOf(server, "Free plan");
    await addWebhook(team.owner, "https://one.example.test/hook");
    expect((await listOf(team.owner)).room).toBe("available");
    await addWebhook(team.admin, "https://two.example.test/hook");
    expect((await listOf(team.owner)).room).toBe("plan_limit");
    const third = await team.owner.client.request("/api/team/webhooks", { json: { url: "https://three.example.test/hook", events: ["blocker.created"] } });
    expect([third.status, third.json]).toEqual([403, expect.objectContaining({ code: "plan_limit_reached", upgradeUrl: "/organization/billing" })]);
    const billing = (await team.owner.client.request("/api/billing")).json as { usage: { integrations: { used: number; limit: number } } };
    expect(billing.usage.integrations).toEqual({ used: 2, limit: 2 });
  });

  it("lets a member who is not an admin see the endpoints' hosts and health only, and nothing else", async () => {
    const team = await teamOf(server, "Members");
    const { webhook } = await addWebhook(team.owner, "https://hooks.example.test/secret-path?token=abc", ["blocker.done"]);
    const seen = await listOf(team.member);
    expect(seen).toMatchObject({ canManage: false, room: "not_allowed" });
    expect(seen.endpoints).toEqual([expect.objectContaining({ id: webhook.id, url: null, host: "hooks.example.test", events: ["blocker.done"] })]);
    expect(JSON.stringify(seen)).not.toContain("token=abc");
    for (const [method, path, json] of [
      ["POST", "/api/team/webhooks", { url: "https://x.example.test/", events: ["blocker.done"] }],
      ["PATCH", `/api/team/webhooks/${webhook.id}`, { enabled: false }],
      ["DELETE", `/api/team/webhooks/${webhook.id}`, undefined],
      ["POST", `/api/team/webhooks/${webhook.id}/rotate-secret`, {}],
      ["GET", `/api/team/webhooks/${webhook.id}/deliveries`, undefined],
      ["POST", `/api/team/webhooks/${webhook.id}/deliveries/msg_${"b".repeat(22)}/redeliver`, {}],
    ] as const) {
      const answer = await team.member.client.request(path, { method, ...(json ? { json } : {}) });
      expect([answer.status, (answer.json as { code?: string }).code], `${method} ${path}`).toEqual([403, "not_allowed"]);
    }
  });

  it("answers another team's webhook and delivery ids as not found", async () => {
    const theirs = await teamOf(server, "Theirs");
    const ours = await teamOf(server, "Ours");
    const { webhook } = await addWebhook(theirs.admin, "https://internal.example.test/other", ["blocker.created"]);
    const { webhook: mine } = await addWebhook(ours.admin, "https://internal.example.test/ours", ["blocker.created"]);
    await makeBlocker(theirs.owner, [theirs.member], { title: "Their delivery" });
    await expect.poll(async () => (await logOf(theirs.admin, webhook.id)).length).toBeGreaterThan(0);
    const deliveryId = (await logOf(theirs.admin, webhook.id))[0]?.deliveryId;
    for (const [method, path, json] of [
      ["PATCH", `/api/team/webhooks/${webhook.id}`, { enabled: false }],
      ["DELETE", `/api/team/webhooks/${webhook.id}`, undefined],
      ["POST", `/api/team/webhooks/${webhook.id}/rotate-secret`, {}],
      ["GET", `/api/team/webhooks/${webhook.id}/deliveries`, undefined],
      ["POST", `/api/team/webhooks/${webhook.id}/deliveries/${deliveryId}/redeliver`, {}],
      // Their delivery through an endpoint of ours.
      ["POST", `/api/team/webhooks/${mine.id}/deliveries/${deliveryId}/redeliver`, {}],
    ] as const) {
      const answer = await ours.owner.client.request(path, { method, ...(json ? { json } : {}) });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(404);
    }
    expect((await listOf(ours.owner)).endpoints.map((endpoint) => endpoint.id)).toEqual([mine.id]);
    expect((await listOf(theirs.admin)).endpoints[0]).toMatchObject({ id: webhook.id, enabled: true });
  });
});
