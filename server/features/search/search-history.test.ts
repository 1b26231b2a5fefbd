// Search in a team with a long history: the newest matches of a common word come first, and a word that only an old
// blocker holds, behind more blockers than the first look walks, is found all the same (decision 024).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockers } from "../../db/schema.ts";
import { makeBlocker, makeTeam, okJson, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

/** More than the newest blockers the first look walks (search-team.ts, RECENT_WALK). */
const HISTORY = 10_500;
let server: TestServer;
let alice: Teammate, bob: Teammate, olga: Teammate;
let oldest: string, newestRoutine: string;

/** A team's past, written in the database at once: `count` blockers, one a minute back from an hour ago. */
async function history(author: Teammate, title: string, count: number, offsetMinutes = 60) {
  const teamId = (await okJson(author.client.api.team.$get())).id;
  await server.deps.db.execute(sql`insert into blockers (organization_id, title, status, created_by, created_at, resolved_at)
    select ${teamId}, ${title} || ' ' || g, 'resolved', ${author.profileId}, now() - make_interval(mins => ${offsetMinutes} + g), now() - make_interval(mins => ${offsetMinutes} + g)
    from generate_series(1, ${count}) g`);
}

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  [olga] = (await makeTeam(server, ["Olga", "Oscar"], "Elsewhere")) as [Teammate];
  // Alice's oldest blocker names Zanzibar; ten thousand and more routine ones came after it.
  await history(alice, "Zanzibar invoice", 1, 60 * 24 * 365);
  await history(alice, "Routine chore", HISTORY);
  await history(olga, "Zanzibar route", 1, 60 * 24 * 365);
  const [found] = await server.deps.db.select({ id: blockers.id }).from(blockers).where(eq(blockers.title, "Zanzibar invoice 1"));
  oldest = found?.id ?? "";
  newestRoutine = await makeBlocker(alice, [bob], { title: "Routine chore, today's" });
});
afterAll(() => server?.stop());

const search = async (person: Teammate, q: string) => {
  const answer = await person.client.request(`/api/search?q=${encodeURIComponent(q)}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { blockers: { id: string; title: string }[] }).blockers;
};

describe("search in a long history", () => {
  it("finds a word only an old blocker holds, behind more blockers than the first look walks, and never another team's", async () => {
    expect((await search(alice, "zanz")).map((blocker) => blocker.id)).toEqual([oldest]);
    expect((await search(alice, "zanzibar inv")).map((blocker) => blocker.id)).toEqual([oldest]);
    expect((await search(alice, "zanzibar route")).map((blocker) => blocker.id)).toEqual([]);
    expect((await search(olga, "zanz")).map((blocker) => blocker.title)).toEqual(["Zanzibar route 1"]);
  });

  it("ranks the newest matches of a common word, the newest first among equals", async () => {
    const found = await search(bob, "routine");
    expect(found).toHaveLength(10);
    expect(found[0]?.id).toBe(newestRoutine);
    expect(found.slice(1).map((blocker) => blocker.title)).toEqual(Array.from({ length: 9 }, (_, index) => `Routine chore ${index + 1}`));
  });
});
