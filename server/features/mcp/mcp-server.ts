// Holdup as an MCP server (issue #14): a developer's AI assistant, given an API key, answers "what am I holding up?"
// and acts on it. Stateless Streamable HTTP (the SDK's web-standard transport, JSON answers): every request is
// complete in itself, so any instance of a fleet answers it. The tools call the same operations as the web app.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { blockerPriorities } from "../../../common/blocker-values.ts";
import type { BlockerResource } from "../../../common/public-api.ts";
import type { AppDependencies, ApiKeyCaller, Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { createBlocker } from "../blockers/create-blocker.ts";
import { nudgeBlockingPerson } from "../blockers/nudge-blocking-person.ts";
import { markDone } from "../blockers/respond-to-blocker.ts";
import { apiCreateBlockerSchema } from "../public-api/api-schemas.ts";
import { readBlockerResource } from "../public-api/blocker-resource.ts";
import { listBlockers } from "../public-api/list-blockers.ts";
import { waitsOf, whoIsBlocking } from "./who-is-blocking.ts";
import { resolvePeople } from "./resolve-person.ts";

const VERSION = "1.0.0";

/** A blocker in a line an assistant can quote: title, who it waits on, for how long, and its id to act on. */
function lineOf(blocker: BlockerResource, now: Date): string {
  const pending = blocker.blocking.filter((part) => part.status === "pending").map((part) => part.person.name ?? part.person.email);
  const days = Math.floor((now.getTime() - new Date(blocker.createdAt).getTime()) / 86_400_000);
  return `- "${blocker.title}" (${blocker.priority}) waiting on ${pending.join(", ") || "nobody"}, logged by ${blocker.creator.name ?? blocker.creator.email} ${days === 0 ? "today" : `${days} day${days === 1 ? "" : "s"} ago`} — id ${blocker.id}, ${blocker.url}`;
}

const answer = (text: string, structured: Record<string, unknown>): CallToolResult => ({ content: [{ type: "text", text }], structuredContent: structured });

/** A refusal (not yours to do, not found, a limit) is the tool's answer, for the assistant to read; anything else is ours. */
async function asToolResult(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return { isError: true, content: [{ type: "text", text: `${error.message} (${error.code})` }] };
    throw error;
  }
}

function requireWrite(caller: ApiKeyCaller) {
  if (caller.scope !== "write") throw new Refusal(403, "api_key_read_only", "This API key can only read: make a key with read and write access in Holdup's settings to change things");
}

export function holdupMcpServer(deps: AppDependencies, member: Member, caller: ApiKeyCaller): McpServer {
  const { db, clock, config } = deps;
  const server = new McpServer({ name: "holdup", version: VERSION }, { instructions: "Holdup tracks blockers: things someone is waiting on someone else for. Use list_my_blockers to see what waits on the user, who_is_blocking to see what holds the user up, and act with mark_done, nudge and create_blocker." });

  server.registerTool(
    "list_my_blockers",
    {
      title: "List my blockers",
      description: "What the user is holding up (waiting_on_me: others wait on their part) or waiting for (im_waiting_on), open ones, newest first.",
      inputSchema: { view: z.enum(["waiting_on_me", "im_waiting_on"]).default("waiting_on_me").describe("waiting_on_me: what I hold up; im_waiting_on: what holds me up") },
      annotations: { readOnlyHint: true },
    },
    async ({ view }) =>
      asToolResult(async () => {
        const page = await listBlockers(deps, member, { view, status: "open", limit: 50 });
        const heading = view === "waiting_on_me" ? `${page.blockers.length} blocker${page.blockers.length === 1 ? "" : "s"} waiting on you` : `You are waiting on ${page.blockers.length} blocker${page.blockers.length === 1 ? "" : "s"}`;
        return answer([heading, ...page.blockers.map((blocker) => lineOf(blocker, clock.now()))].join("\n"), { blockers: page.blockers });
      }),
  );

  server.registerTool(
    "who_is_blocking",
    {
      title: "Who is blocking",
      description: "Who the user (scope me) or the whole team (scope team) is waiting on right now: each person with how many open blockers wait on them and the longest wait.",
      inputSchema: { scope: z.enum(["me", "team"]).default("me") },
      annotations: { readOnlyHint: true },
    },
    async ({ scope }) =>
      asToolResult(async () => {
        const waits = await whoIsBlocking(db, member, scope, clock.now());
        const text = waits.length === 0 ? (scope === "me" ? "Nobody: nothing you wait on is pending." : "Nobody: the team waits on no one.") : waitsOf(waits);
        return answer(text, { people: waits });
      }),
  );

  server.registerTool(
    "create_blocker",
    {
      title: "Log a blocker",
      description: "Log that the user is waiting on teammates for something. Name people by name, e-mail or id.",
      inputSchema: {
        title: z.string().describe("What the user is waiting for, e.g. 'API spec for payments'"),
        waiting_on: z.array(z.string()).min(1).max(20).describe("The teammates waited on: names, e-mail addresses or ids"),
        description: z.string().optional(),
        link: z.string().optional().describe("A link to the work (an http or https URL)"),
        priority: z.enum(blockerPriorities).default("normal"),
      },
    },
    async (input) =>
      asToolResult(async () => {
        requireWrite(caller);
        const blocking = await resolvePeople(db, member, input.waiting_on);
        const parsed = apiCreateBlockerSchema.safeParse({ title: input.title, description: input.description, linkUrl: input.link, priority: input.priority, blockingProfileIds: blocking });
        if (!parsed.success) throw new Refusal(400, "validation_failed", parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
        const { blocker } = await createBlocker(deps, member, { ...parsed.data, blockingEmails: [] }, clock.now(), { source: "api" });
        const made = await readBlockerResource(db, member.teamId, blocker.id, config.appUrl);
        return answer(`Logged:\n${lineOf(made, clock.now())}`, { blocker: made });
      }),
  );

  server.registerTool(
    "mark_done",
    { title: "Mark my part done", description: "Mark the user's part of a blocker done (they did what was waited for).", inputSchema: { blocker_id: z.uuid() }, annotations: { idempotentHint: true } },
    async ({ blocker_id }) =>
      asToolResult(async () => {
        requireWrite(caller);
        await markDone(deps, member, blocker_id, clock.now());
        const blocker = await readBlockerResource(db, member.teamId, blocker_id, config.appUrl);
        return answer(`Done: "${blocker.title}" (${blocker.status === "resolved" ? "resolved: nobody else was pending" : "still open for others"})`, { blocker });
      }),
  );

  server.registerTool(
    "nudge",
    { title: "Nudge someone", description: "Remind a teammate that a blocker the user waits on is waiting on them (once an hour per person and blocker).", inputSchema: { blocker_id: z.uuid(), person: z.string().describe("Name, e-mail or id of the person waited on") } },
    async ({ blocker_id, person }) =>
      asToolResult(async () => {
        requireWrite(caller);
        const [profileId] = await resolvePeople(db, member, [person]);
        await nudgeBlockingPerson(deps, member, blocker_id, profileId ?? "", clock.now());
        const blocker = await readBlockerResource(db, member.teamId, blocker_id, config.appUrl);
        return answer(`Nudged ${person} about "${blocker.title}".`, { blocker });
      }),
  );
  return server;
}

/** Answers one MCP request (a JSON-RPC message or batch) for the key's owner. */
export async function answerMcpRequest(deps: AppDependencies, member: Member, caller: ApiKeyCaller, request: Request): Promise<Response> {
  const server = holdupMcpServer(deps, member, caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: 1024 * 1024 });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
