// When a history began, as both reports answer it: what the pages' first week (decision 050) is counted from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const DAY = 24 * 3_600_000;
const clock = testClock();
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate, mallory: Teammate;

type History = { history: { firstBlockerAt: string | null } };
async function firstBlockerAt(person: Teammate, report: "team" | "me", query = "") {
  const answer = await person.client.request(`/api/insights/${report}${query}`);
  expect(answer.status, answer.text).toBe(200);
  const at = (answer.json as History).history.firstBlockerAt;
  return at === null ? null : new Date(at).toISOString();
}

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
  [mallory] = (await makeTeam(server, ["Mallory"], "Another team")) as [Teammate];
});
afterAll(async () => {
  await server?.stop();
});

describe("the history a report counts its first week from", () => {
  it("is none before a team's first blocker, for the team and for each person", async () => {
    expect(await firstBlockerAt(alice, "team")).toBeNull();
    expect(await firstBlockerAt(alice, "me")).toBeNull();
  });

  it("begins when the first blocker is logged, for the team, its author and whom it waits on, not for the others", async () => {
    const logged = clock.now().toISOString();
    await makeBlocker(alice, [bob], { title: "Payments spec" });
    expect(await firstBlockerAt(alice, "team")).toBe(logged);
    expect(await firstBlockerAt(alice, "me")).toBe(logged);
    expect(await firstBlockerAt(bob, "me")).toBe(logged);
    expect(await firstBlockerAt(carol, "me")).toBeNull();
    expect(await firstBlockerAt(mallory, "team")).toBeNull();
  });

  it("stays the first whatever the range, once later blockers come", async () => {
    const first = await firstBlockerAt(alice, "team");
    clock.advance(9 * DAY);
    const later = clock.now().toISOString();
    await makeBlocker(carol, [alice], { title: "Release notes" });
    expect(await firstBlockerAt(alice, "team", "?days=7")).toBe(first);
    expect(await firstBlockerAt(carol, "me", "?days=7")).toBe(later);
  });
});
