// Nothing leaves for someone who has left (issue #26): a notification's e-mail and Slack message, queued while the
// person was a member and tried again after they were removed from the team, are dropped, not sent; the daily digest
// says nothing more of a team they left.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../../db/schema.ts";
import { makeBlocker, type Teammate } from "../../test/factories.ts";
import { postedTo } from "../../test/slack-stand-in.ts";
import { startSlackTeam, type SlackTeam } from "../../test/slack-team.ts";

let team: SlackTeam;
let olivia: Teammate, bob: Teammate;
beforeAll(async () => {
  // Tried again a second apart, many times: the person is removed between a failed try and the next, whatever the load.
  team = await startSlackTeam({ names: ["Olivia", "Bob"], emailRetries: { retryLimit: 30, retryDelay: 1, retryBackoff: false } });
  [olivia, bob] = ["Olivia", "Bob"].map(team.teammate) as [Teammate, Teammate];
});
afterAll(() => team?.stop());

const deliveriesOf = (person: Teammate, kind: string) => team.server.deps.db.select({ channel: deliveries.channel, status: deliveries.status, lastError: deliveries.lastError }).from(deliveries).where(and(eq(deliveries.profileId, person.profileId), eq(deliveries.kind, kind)));

describe("a notification for someone removed from the team before it went out", () => {
  it("is dropped, by e-mail and in Slack, though it was queued while they were a member", async () => {
    const title = "Before Bob was removed";
    // Both channels fail their first tries: the messages wait, queued, for their next.
    team.server.mail.refuseRecipients(true);
    team.slack.failNext("chat.postMessage", "internal_error", 1_000);
    try {
      await makeBlocker(olivia, [bob], { title });
      await expect
        .poll(async () => (await deliveriesOf(bob, "blocker_assigned")).filter((delivery) => delivery.status === "pending" && delivery.lastError !== null).map((delivery) => delivery.channel).sort(), { timeout: 15_000 })
        .toEqual(["email", "slack"]);

      const members = ((await olivia.client.request("/api/team/members")).json as { items: { memberId: string; profileId: string }[] }).items;
      const bobsMembership = members.find((member) => member.profileId === bob.profileId)?.memberId;
      expect((await olivia.client.request(`/api/team/members/${bobsMembership}`, { method: "DELETE" })).status).toBe(200);
    } finally {
      team.server.mail.refuseRecipients(false);
      team.slack.stopFailing("chat.postMessage");
    }
    // Tried again now that both would go through: dropped instead.
    await expect.poll(async () => (await deliveriesOf(bob, "blocker_assigned")).map((delivery) => `${delivery.channel} ${delivery.status}`).sort(), { timeout: 15_000 }).toEqual(["email dropped", "slack dropped"]);
    expect(team.server.mail.mails.filter((mail) => mail.to === bob.email.toLowerCase() && mail.subject.includes(title))).toEqual([]);
    // Slack saw the first tries, refused; none went through.
    const tries = postedTo(team.slack, team.person("Bob")).filter((call) => String(call.args.text).includes(title));
    expect(tries.length).toBeGreaterThan(0);
    expect(tries.filter((call) => team.slack.answerOf(call).ok !== false)).toEqual([]);
  });
});
