import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedUsers, blockers, blockingUsers } from "../../db/schema.ts";
import { makeTeam, okJson, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let team: Teammate[] = [];
beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  team = await makeTeam(server, ["Alone", "Alice", "Carol", "Bob", "Dan"]);
});
afterAll(() => server?.stop());
const person = (name: string) => {
  const found = team.find((teammate) => teammate.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const teamIdOf = async (who: Teammate) => (await okJson(who.client.api.team.$get())).id;

/** Writes a blocker straight to the tables, in states the API reaches in several steps. */
async function blocker(teamId: string, waiting: string[], blocking: { id: string; status: "pending" | "done" | "declined" }[]) {
  const [row] = await server.deps.db.insert(blockers).values({ organizationId: teamId, title: "API spec", createdBy: waiting[0] ?? "" }).returning();
  const blockerId = row?.id ?? "";
  await server.deps.db.insert(blockedUsers).values(waiting.map((profileId) => ({ blockerId, profileId })));
  await server.deps.db.insert(blockingUsers).values(blocking.map(({ id, status }) => ({ blockerId, profileId: id, status })));
  return blockerId;
}

const countersOf = (who: Teammate) => okJson(who.client.api.counters.$get());

describe("the profile card's counters", () => {
  it("are zero for someone nobody waits on", async () => {
    const alone = person("Alone");
    expect(await countersOf(alone)).toEqual({ waitingOnMe: 0, imWaitingOn: 0 });
  });

  it("count pending blocking entries, and each blocker once however many people block it", async () => {
    const [alice, carol, bob, dan] = ["Alice", "Carol", "Bob", "Dan"].map(person) as [Teammate, Teammate, Teammate, Teammate];
    const teamId = await teamIdOf(alice);

    // Two waiting (Alice, Carol) on two blocking (Bob, Dan), both pending.
    await blocker(teamId, [alice.profileId, carol.profileId], [{ id: bob.profileId, status: "pending" }, { id: dan.profileId, status: "pending" }]);
    // Alice waits on Bob, who is done; Dan still pending: still counts for Alice, not for Bob.
    await blocker(teamId, [alice.profileId], [{ id: bob.profileId, status: "done" }, { id: dan.profileId, status: "pending" }]);
    // Alice waits on Dan, who declined, and nobody else: no longer counts for Alice.
    await blocker(teamId, [alice.profileId], [{ id: dan.profileId, status: "declined" }]);

    expect(await countersOf(alice)).toEqual({ waitingOnMe: 0, imWaitingOn: 2 });
    expect(await countersOf(carol)).toEqual({ waitingOnMe: 0, imWaitingOn: 1 });
    expect(await countersOf(bob)).toEqual({ waitingOnMe: 1, imWaitingOn: 0 });
    expect(await countersOf(dan)).toEqual({ waitingOnMe: 2, imWaitingOn: 0 });
  });
});
