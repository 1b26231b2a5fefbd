// Search within a team: blockers by title, description and comments, ranked; teammates by name; never another team's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, type Teammate } from "../../test/factories.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let alice: Teammate, bob: Teammate, ned: Teammate;
let inTitle: string, inDescription: string, inComment: string, theirs: string, longWord: string;

/** Set-up that must work: anything else stops the suite with the server's answer. */
async function succeeded(request: Promise<{ status: number; text: string }>) {
  const answer = await request;
  if (answer.status >= 300) throw new Error(`set-up failed: ${answer.status} ${answer.text}`);
}

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  const [olga, nedOutsider] = (await makeTeam(server, ["Olga", "Ned"], "Outsiders")) as [Teammate, Teammate];
  ned = nedOutsider;
  inComment = await makeBlocker(alice, [bob], { title: "Staging credentials" });
  await succeeded(alice.client.post(`/api/blockers/${inComment}/comments`, { body: "Needed for the payments migration" }));
  inDescription = await makeBlocker(alice, [bob], { title: "Quarterly review" });
  await succeeded(alice.client.request(`/api/blockers/${inDescription}`, { method: "PATCH", json: { description: "Covers the payments API too" } }));
  inTitle = await makeBlocker(alice, [bob], { title: "Payments API spec" });
  theirs = await makeBlocker(ned, [olga], { title: "Payments secret plan" });
  longWord = await makeBlocker(alice, [bob], { title: "Internationalization of the x-axis labels" });
});
afterAll(() => server?.stop());

const search = async (person: Teammate, q: string) => {
  const answer = await person.client.request(`/api/search?q=${encodeURIComponent(q)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { blockers: { id: string; title: string; matchedIn: string }[]; people: { id: string; fullName: string | null }[] };
};

describe("search", () => {
  it("finds blockers by a prefix of their words, title first, then description, then comments", async () => {
    const found = await search(alice, "paym");
    expect(found.blockers.map((blocker) => [blocker.id, blocker.matchedIn])).toEqual([
      [inTitle, "title"],
      [inDescription, "description"],
      [inComment, "comment"],
    ]);
    expect((await search(bob, "api spe")).blockers.map((blocker) => blocker.id)).toEqual([inTitle]);
    expect((await search(alice, "PAYMENTS migration")).blockers.map((blocker) => blocker.id)).toEqual([inComment]);
  });

  it("never finds another team's blockers or people", async () => {
    expect((await search(alice, "payments secret")).blockers).toEqual([]);
    expect((await search(alice, "olga")).people).toEqual([]);
    expect((await search(ned, "olga")).people.map((person) => person.fullName)).toEqual(["Olga"]);
    // The same words find it in its own team.
    expect((await search(ned, "paym")).blockers.map((blocker) => blocker.id)).toEqual([theirs]);
    expect((await search(ned, "alice")).people).toEqual([]);
  });

  it("finds teammates by name or e-mail, taking LIKE's wildcards literally", async () => {
    expect((await search(alice, "bob")).people.map((person) => person.fullName)).toEqual(["Bob"]);
    expect((await search(alice, "%")).people).toEqual([]);
    expect((await search(alice, "_")).people).toEqual([]);
  });

  it("finds what is typed so far however long the word, past the ten letters the index holds of its beginning", async () => {
    const ids = async (q: string) => (await search(alice, q)).blockers.map((blocker) => blocker.id);
    for (const typed of ["in", "inte", "internatio", "internationa", "internationalization", "Internationalization x"]) expect(await ids(typed), typed).toEqual([longWord]);
    // Past the tenth letter, the rest is checked: the same ten letters followed by others find nothing.
    expect(await ids("internationalism")).toEqual([]);
    expect(await ids("internationalizations")).toEqual([]);
    // A word of one letter is a beginning too, checked on each candidate: "x" finds "x-axis", "q" nothing.
    expect(await ids("labels x")).toEqual([longWord]);
    expect(await ids("labels q")).toEqual([]);
  });

  it("counts letters as characters, as PostgreSQL does, beyond the 16 bits of one UTF-16 unit", async () => {
    // Mathematical letters (outside the Basic Multilingual Plane): one character, two UTF-16 units each.
    const gothic = await makeBlocker(alice, [bob], { title: "𝔤𝔬𝔱𝔥𝔦𝔠𝔰𝔠𝔯𝔦𝔭𝔱𝔲𝔪 notes" });
    const ids = async (q: string) => (await search(alice, q)).blockers.map((blocker) => blocker.id);
    for (const typed of ["𝔤", "𝔤𝔬", "𝔤𝔬𝔱𝔥𝔦𝔠𝔰𝔠𝔯𝔦", "𝔤𝔬𝔱𝔥𝔦𝔠𝔰𝔠𝔯𝔦𝔭𝔱", "𝔤𝔬𝔱𝔥𝔦𝔠𝔰𝔠𝔯𝔦𝔭𝔱𝔲𝔪 notes"]) expect(await ids(typed), typed).toEqual([gothic]);
    expect(await ids("𝔤𝔬𝔱𝔥𝔦𝔠𝔰𝔠𝔯𝔦𝔭𝔞")).toEqual([]);
  });

  it("asks the same when a typed word begins another, in any order", async () => {
    const ids = async (q: string) => (await search(bob, q)).blockers.map((blocker) => blocker.id);
    expect(await ids("payments pay")).toEqual(await ids("payments"));
    expect(await ids("pay payments p")).toEqual(await ids("payments"));
    expect(await ids("api api")).toEqual([inTitle, inDescription]);
  });

  it("takes any text as words, never as query syntax, and names the field when there is none", async () => {
    for (const hostile of ["'); drop table blockers; --", "a & | ! :* <->", "\\", "pay:*", "(paym"]) {
      const answer = await alice.client.request(`/api/search?q=${encodeURIComponent(hostile)}`);
      expect(answer.status, hostile).toBe(200);
    }
    expect((await search(alice, "(paym")).blockers.map((blocker) => blocker.id)).toContain(inTitle);
    for (const missing of ["", "q=", "q=%20%20"]) {
      const answer = await alice.client.request(`/api/search?${missing}`);
      expect(answer.status, missing).toBe(400);
      expect(answer.json).toMatchObject({ fields: { q: [expect.any(String)] } });
    }
  });
});
