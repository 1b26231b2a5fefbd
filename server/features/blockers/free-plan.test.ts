import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

// 10:00 in Paris (the test people's time zone), so "tomorrow" is unambiguous.
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock, environment: { DEFAULT_PLAN: "free" } });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(() => server?.stop());

const create = (author: Teammate, title: string) => author.client.post("/api/blockers", { title, blockingProfileIds: [bob.profileId] });

describe("the Free plan's daily limit", () => {
  it("refuses the 4th blocker of the day with a clear message and an upgrade link, and allows it tomorrow", async () => {
    for (const title of ["One", "Two", "Three"]) expect((await create(alice, title)).status).toBe(201);
    const fourth = await create(alice, "Four");
    expect(fourth.status).toBe(403);
    expect(fourth.json).toMatchObject({ code: "plan_limit_reached", upgradeUrl: "/organization/billing", message: expect.stringContaining("3 new blockers per person per day") });
    // Another member has their own three.
    expect((await create(carol, "Carol's first")).status).toBe(201);
    clock.advance(15 * 60 * 60 * 1000); // 01:00 the next day in Paris
    expect((await create(alice, "Four, a day later")).status).toBe(201);
  });

  it("lets only three through when four are sent at once", async () => {
    clock.advance(24 * 60 * 60 * 1000);
    const answers = await Promise.all(["A", "B", "C", "D"].map((title) => create(carol, title)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 403]);
  });
});
