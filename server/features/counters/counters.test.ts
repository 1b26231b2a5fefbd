import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedUsers, blockers, blockingUsers, profiles } from "../../db/schema.ts";
import { okJson, onboard, signUp } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
});
afterAll(() => server?.stop());

async function person(name: string) {
  const client = server.client();
  const { email } = await signUp(client);
  await onboard(client, { fullName: name });
  const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.email, email));
  if (!profile) throw new Error("profile missing");
  const team = await okJson(client.api.team.$get());
  return { client, profile, teamId: team.id };
}

/** Writes a blocker straight to the tables (the blockers API arrives in a later release). */
async function blocker(teamId: string, waiting: string[], blocking: { id: string; status: "pending" | "done" | "declined" }[]) {
  const [row] = await server.deps.db.insert(blockers).values({ organizationId: teamId, title: "API spec", createdBy: waiting[0] ?? "" }).returning();
  const blockerId = row?.id ?? "";
  await server.deps.db.insert(blockedUsers).values(waiting.map((profileId) => ({ blockerId, profileId })));
  await server.deps.db.insert(blockingUsers).values(blocking.map(({ id, status }) => ({ blockerId, profileId: id, status })));
  return blockerId;
}

const countersOf = (who: Awaited<ReturnType<typeof person>>) => okJson(who.client.api.counters.$get());

describe("the profile card's counters", () => {
  it("are zero for someone nobody waits on", async () => {
    const alone = await person("Alone");
    expect(await countersOf(alone)).toEqual({ waitingOnMe: 0, imWaitingOn: 0 });
  });

  it("count pending blocking entries, and each blocker once however many people block it", async () => {
    const alice = await person("Alice");
    const carol = await person("Carol");
    const bob = await person("Bob");
    const dan = await person("Dan");
    const team = alice.teamId;

    // Two waiting (Alice, Carol) on two blocking (Bob, Dan), both pending.
    await blocker(team, [alice.profile.id, carol.profile.id], [{ id: bob.profile.id, status: "pending" }, { id: dan.profile.id, status: "pending" }]);
    // Alice waits on Bob, who is done; Dan still pending: still counts for Alice, not for Bob.
    await blocker(team, [alice.profile.id], [{ id: bob.profile.id, status: "done" }, { id: dan.profile.id, status: "pending" }]);
    // Alice waits on Dan, who declined, and nobody else: no longer counts for Alice.
    await blocker(team, [alice.profile.id], [{ id: dan.profile.id, status: "declined" }]);

    expect(await countersOf(alice)).toEqual({ waitingOnMe: 0, imWaitingOn: 2 });
    expect(await countersOf(carol)).toEqual({ waitingOnMe: 0, imWaitingOn: 1 });
    expect(await countersOf(bob)).toEqual({ waitingOnMe: 1, imWaitingOn: 0 });
    expect(await countersOf(dan)).toEqual({ waitingOnMe: 2, imWaitingOn: 0 });
  });
});
