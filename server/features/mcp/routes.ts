// /api/mcp: the MCP server's one address (Streamable HTTP), behind an API key like the public API.
import { Hono } from "hono";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { requireApiKey } from "../api-keys/api-key-check.ts";
import { answerMcpRequest } from "./mcp-server.ts";

export const MCP_PATH = "/api/mcp";

export function mcpRoutes(deps: AppDependencies) {
  return new Hono<AppEnv>().use(requireApiKey(deps)).all("/", async (c) => answerMcpRequest(deps, c.get("member"), c.get("apiKey"), c.req.raw));
}
