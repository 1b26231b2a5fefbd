// The MCP server through the SDK's own client, as an AI assistant reaches it: its tools listed, what I hold up, who
// holds me up, logging a blocker by a teammate's name, marking done and nudging; a read-only key's writes refused;
// no key, no answer.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBlocker, makeTeam, testClock, type Teammate } from "../../test/factories.ts";
import { makeApiKey } from "../../test/script-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

const clock = testClock(new Date("2026-11-20T09:00:00Z"));
let server: TestServer;
let alice: Teammate, bob: Teammate, carol: Teammate;
const clients: Client[] = [];

async function assistantOf(person: Teammate, scope: "read" | "write" = "write") {
  const { key } = await makeApiKey(person, { scope, name: "Assistant" });
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", server.url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolAnswer;
const textOf = (answer: ToolAnswer) => answer.content.map((part) => part.text).join("\n");

beforeAll(async () => {
  server = await startTestServer({ smtp: false, clock });
  [alice, bob, carol] = (await makeTeam(server, ["Alice", "Bob", "Carol"])) as [Teammate, Teammate, Teammate];
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.stop();
});

describe("the MCP server", () => {
  it("lists its five tools", async () => {
    const assistant = await assistantOf(bob);
    const { tools } = await assistant.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["create_blocker", "list_my_blockers", "mark_done", "nudge", "who_is_blocking"]);
  });

  it("answers what I am holding up, and marks my part done", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Review the payments spec" });
    clock.advance(2 * 86_400_000);
    const assistant = await assistantOf(bob);
    const holding = await call(assistant, "list_my_blockers");
    expect(textOf(holding)).toContain("1 blocker waiting on you");
    expect(textOf(holding)).toContain('"Review the payments spec"');
    expect(textOf(holding)).toContain("2 days ago");
    const done = await call(assistant, "mark_done", { blocker_id: id });
    expect(done.isError).toBeFalsy();
    expect(textOf(done)).toContain("Review the payments spec");
    expect(textOf(await call(assistant, "list_my_blockers"))).toContain("0 blockers waiting on you");
  });

  it("logs a blocker on a teammate named as the assistant would, and tells who holds me up", async () => {
    const assistant = await assistantOf(alice);
    const made = await call(assistant, "create_blocker", { title: "Staging credentials", waiting_on: ["carol"], priority: "high" });
    expect(made.isError, textOf(made)).toBeFalsy();
    expect(made.structuredContent).toMatchObject({ blocker: { title: "Staging credentials", source: "api", blocking: [{ person: { id: carol.profileId } }] } });
    const waits = await call(assistant, "who_is_blocking");
    expect(textOf(waits)).toContain("Carol: 1 open blocker");
    const unknown = await call(assistant, "create_blocker", { title: "x", waiting_on: ["Zed"] });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('Nobody in the team is called "Zed"');
  });

  it("nudges someone once an hour, as the web app does", async () => {
    const id = await makeBlocker(alice, [carol], { title: "Nudge me" });
    const assistant = await assistantOf(alice);
    const first = await call(assistant, "nudge", { blocker_id: id, person: "Carol" });
    expect(first.isError, textOf(first)).toBeFalsy();
    const again = await call(assistant, "nudge", { blocker_id: id, person: "Carol" });
    expect(again.isError).toBe(true);
  });

  it("lets a read-only key read but not write", async () => {
    const assistant = await assistantOf(carol, "read");
    expect((await call(assistant, "list_my_blockers")).isError).toBeFalsy();
    const refused = await call(assistant, "create_blocker", { title: "Nope", waiting_on: ["Bob"] });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("can only read");
  });

  it("answers nothing without a key", async () => {
    const answer = await fetch(new URL("/api/mcp", server.url), { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(answer.status).toBe(401);
  });
});
