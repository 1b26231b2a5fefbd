// A person's changes within EMAIL_BATCH_SECONDS go out as one e-mail (issue #27): the first change's job starts after
// the wait and takes what came meanwhile; a nudge by hand goes at once and alone. The job's start is pg-boss's (real
// time, two minutes here): the test runs the worker's step for the job that came due, as the reminder tests run the
// reminder engine's.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../../db/schema.ts";
import { makeBlocker, makeTeam, okJson, testClock, type Teammate } from "../../test/factories.ts";
import { postedTo } from "../../test/slack-stand-in.ts";
import { startSlackTeam } from "../../test/slack-team.ts";
import { deliverDms } from "../slack/slack-workers.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { deliverEmails } from "./deliver-email.ts";

// A Monday, 10:00 in Paris, inside everyone's working hours.
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let server: TestServer;
let alice: Teammate, bob: Teammate;
beforeAll(async () => {
  server = await startTestServer({ smtp: true, clock, environment: { EMAIL_BATCH_SECONDS: "120" } });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"], "Payments")) as [Teammate, Teammate];
});
afterAll(() => server?.stop());

const emailsTo = async (person: Teammate) => (await server.deps.db.select().from(deliveries).where(and(eq(deliveries.profileId, person.profileId), eq(deliveries.channel, "email")))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
const mailsTo = (person: Teammate) => server.mail.mails.filter((mail) => mail.to === person.email);

describe("a person's changes within two minutes", () => {
  it("go out as one e-mail, each blocker with its details and answers; a nudge by hand goes at once, alone", async () => {
    const earlier = mailsTo(bob).length;
    const log = (title: string, extra: Record<string, unknown>) => okJson(alice.client.api.blockers.$post({ json: { title, blockingProfileIds: [bob.profileId], alsoBlockedProfileIds: [], priority: "normal", ...extra } }));
    const first = await log("API spec for payments", { priority: "urgent", description: "The endpoints for refunds.\nAnd the webhooks.", dueAt: "2026-11-24T16:00:00Z" });
    clock.advance(30_000);
    await log("Rates for the Q3 plan", { priority: "low" });
    clock.advance(30_000);
    await log("Sign-off on the launch email", {});

    const waiting = await emailsTo(bob);
    expect(waiting.map((delivery) => [delivery.kind, delivery.status, delivery.batched])).toEqual([
      ["blocker_assigned", "pending", true],
      ["blocker_assigned", "pending", true],
      ["blocker_assigned", "pending", true],
    ]);

    // Alice nudges the first by hand: that goes now, alone, its subject a reminder's, with how long it has waited.
    clock.advance(60_000);
    expect((await alice.client.request(`/api/blockers/${first.id}/nudge`, { method: "POST", json: { profileId: bob.profileId } })).status).toBe(200);
    const nudge = await server.mail.waitFor(bob.email, (mail) => mail.subject.startsWith("Reminder:"));
    expect(nudge.subject).toBe("Reminder: API spec for payments (waiting 2 minutes)");
    expect(nudge.text).toContain("Urgent · waiting 2 minutes · due Tue 17:00");
    expect(nudge.text).toContain("“The endpoints for refunds. And the webhooks.”");
    expect(nudge.text).not.toContain("Rates for the Q3 plan");
    expect(mailsTo(bob)).toHaveLength(earlier + 1);

    // Two minutes after the first change its job comes due, and takes the other two with it.
    clock.advance(60_000);
    const [leader, ...others] = waiting;
    expect(await deliverEmails(server.deps, [{ deliveryId: leader?.id ?? "", lastTry: false }])).toEqual(new Map());
    const batch = await server.mail.waitFor(bob.email, (mail) => mail.subject === "Alice logged 3 blockers on you");
    for (const line of ["API spec for payments", "Urgent · waiting 3 minutes · due Tue 17:00 — The endpoints for refunds. And the webhooks.", "Rates for the Q3 plan", "Low priority · waiting 2 minutes", "Sign-off on the launch email", "Normal priority · waiting 2 minutes"]) {
      expect(batch.text).toContain(line);
    }
    expect(batch.text.match(/^Mark done: /gm)).toHaveLength(3);
    expect(batch.text.match(/^Decline: /gm)).toHaveLength(3);
    expect(batch.headers["list-unsubscribe"]).toMatch(/one-click>$/);
    const sent = await emailsTo(bob);
    expect(sent.filter((delivery) => delivery.kind === "blocker_assigned").map((delivery) => delivery.status)).toEqual(["sent", "sent", "sent"]);
    expect(new Set(sent.filter((delivery) => delivery.kind === "blocker_assigned").map((delivery) => delivery.messageId)).size).toBe(1);

    // The others' own jobs, when they come, find them sent: nothing more goes.
    expect(await deliverEmails(server.deps, others.map((delivery) => ({ deliveryId: delivery.id, lastTry: false })))).toEqual(new Map());
    expect(mailsTo(bob)).toHaveLength(earlier + 2);
  });

  it("that fail on the first's last try leave the others their own tries", async () => {
    const earlier = (await emailsTo(alice)).length;
    for (const title of ["Brand colours", "Logo files"]) await okJson(bob.client.api.blockers.$post({ json: { title, blockingProfileIds: [alice.profileId], alsoBlockedProfileIds: [], priority: "normal" } }));
    const [leader, mate] = (await emailsTo(alice)).slice(earlier);
    server.mail.refuseRecipients(true);
    try {
      const failures = await deliverEmails(server.deps, [{ deliveryId: leader?.id ?? "", lastTry: true }]);
      expect([...failures.keys()]).toEqual([leader?.id]);
    } finally {
      server.mail.refuseRecipients(false);
    }
    const after = new Map((await emailsTo(alice)).map((delivery) => [delivery.id, delivery.status]));
    expect([after.get(leader?.id ?? ""), after.get(mate?.id ?? "")]).toEqual(["failed", "pending"]);
  });

  it("send nothing for a change taken back before its e-mail went", async () => {
    const earlier = (await emailsTo(alice)).length;
    const blocker = await okJson(bob.client.api.blockers.$post({ json: { title: "Copy for the pricing page", blockingProfileIds: [alice.profileId], alsoBlockedProfileIds: [], priority: "normal" } }));
    const [assigned] = (await emailsTo(alice)).slice(earlier).filter((delivery) => delivery.kind === "blocker_assigned");
    expect((await alice.client.request(`/api/blockers/${blocker.id}/decline`, { method: "POST", json: { reason: "Not my page" } })).status).toBe(200);
    const toBob = (await emailsTo(bob)).filter((delivery) => delivery.kind === "declined");
    expect(toBob.map((delivery) => delivery.status)).toEqual(["pending"]);
    expect((await alice.client.request(`/api/blockers/${blocker.id}/undo`, { method: "POST", json: { change: "declined" } })).status).toBe(200);
    // The undo withdrew the change's notification, and its e-mail with it: when the job comes, there is nothing to send.
    expect((await emailsTo(bob)).filter((delivery) => delivery.kind === "declined")).toEqual([]);
    const before = mailsTo(bob).length;
    expect(await deliverEmails(server.deps, [{ deliveryId: toBob[0]?.id ?? "", lastTry: false }])).toEqual(new Map());
    expect(mailsTo(bob)).toHaveLength(before);
    expect(assigned?.status).toBe("pending");
  });
});

describe("a person's Slack messages within two minutes", () => {
  it("wait as the e-mails do, and several changes to one blocker are one DM, as it stands", async () => {
    const team = await startSlackTeam({ names: ["Olivia", "Bob"], environment: { EMAIL_BATCH_SECONDS: "120" } });
    try {
      const [olivia, ben] = ["Olivia", "Bob"].map(team.teammate) as [Teammate, Teammate];
      const blockerId = await makeBlocker(olivia, [ben], { title: "Staging credentials" });
      const slackTo = async (person: Teammate) => team.server.deps.db.select().from(deliveries).where(and(eq(deliveries.profileId, person.profileId), eq(deliveries.channel, "slack")));
      expect((await slackTo(ben)).map((delivery) => [delivery.kind, delivery.status, delivery.batched])).toEqual([["blocker_assigned", "pending", true]]);
      // Bob is done at once: Olivia's "done" and "resolved" wait together.
      expect((await ben.client.request(`/api/blockers/${blockerId}/done`, { method: "POST" })).status).toBe(200);
      const toOlivia = await slackTo(olivia);
      expect(toOlivia.map((delivery) => delivery.kind).sort()).toEqual(["done", "resolved"]);
      const postedBefore = postedTo(team.slack, team.person("Olivia")).length;

      const [first] = toOlivia.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
      expect(await deliverDms(team.server.deps, [{ deliveryId: first?.id ?? "", lastTry: false }])).toEqual(new Map());
      const posted = postedTo(team.slack, team.person("Olivia")).slice(postedBefore);
      expect(posted.map((call) => call.args.text)).toEqual(["Nothing waits any more: Staging credentials"]);
      const after = await slackTo(olivia);
      expect(after.map((delivery) => delivery.status)).toEqual(["sent", "sent"]);
      expect(new Set(after.map((delivery) => delivery.messageId)).size).toBe(1);
    } finally {
      await team.stop();
    }
  });
});
