// What every answer to a hostile request must be: never a 5xx; nothing of the server's insides (a stack trace, SQL,
// a file path); and a refusal (4xx) is JSON that gives a reason, naming the fields when it is a validation failure.
import type { HostileRequest } from "./hostile-input.ts";
import type { Answer } from "./send-hostile-request.ts";

/** What would show the server's insides, if the request did not contain it already (an answer may quote its input). */
const LEAKS: { what: string; pattern: RegExp }[] = [
  // A frame: "at" (a function's name, "new X", "async f"), then a place in a file — file://, node:, an absolute path or
  // a relative one — with line and column. Not any "at" before digits and colons: "nudge again at 16:19:07" is a time.
  { what: "a stack trace", pattern: /\bat (?:[^\s()]+ ){0,3}\(?(?:file:\/\/|node:|\/|[A-Za-z]:\\|[\w.@-]+(?:\/|\.(?:[cm]?js|tsx?)))[^\s()]*:\d+:\d+\)?/ },
  { what: "SQL", pattern: /\b(select\s.+\sfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b|Failed query|syntax error at|violates .* constraint|invalid input syntax|DrizzleQueryError/i },
  { what: "a file path", pattern: /(\/work\/|\/home\/|\/usr\/|node_modules|file:\/\/|[\w-]+\.(ts|js|mjs):\d+)/ },
];

function requestText(request: HostileRequest): string {
  const body = request.body.kind === "json" ? JSON.stringify(request.body.value) : request.body.kind === "raw" ? String(request.body.content) : "";
  let path = request.path;
  let query = request.query;
  try {
    path = decodeURIComponent(path);
    query = decodeURIComponent(query);
  } catch {
    // Not decodable: the raw form is what an answer would quote.
  }
  return `${request.path} ${path} ${request.query} ${query} ${body}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Why a refusal's body is not an answer, if it is not. */
function refusalProblems(answer: Answer): string[] {
  if (!answer.contentType.includes("application/json")) return [`a ${answer.status} that is not JSON (${answer.contentType || "no content type"}): ${JSON.stringify(answer.text.slice(0, 200))}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`a ${answer.status} whose JSON does not parse: ${JSON.stringify(answer.text.slice(0, 200))}`];
  }
  if (!isRecord(body)) return [`a ${answer.status} whose JSON is not an object`];
  const problems: string[] = [];
  // The MCP server speaks JSON-RPC: its refusals carry their reason where JSON-RPC puts it, in `error.message`.
  const reason = body.jsonrpc === "2.0" && isRecord(body.error) ? body.error.message : body.message;
  if (typeof reason !== "string" || reason.trim() === "") problems.push(`a ${answer.status} without a message`);
  if (body.code === "validation_failed") {
    const fields = body.fields;
    const named = isRecord(fields) && Object.keys(fields).length > 0 && Object.values(fields).every((messages) => Array.isArray(messages) && messages.length > 0 && messages.every((message) => typeof message === "string" && message !== ""));
    if (!named) problems.push(`a validation failure that does not name its fields: ${answer.text.slice(0, 200)}`);
  }
  return problems;
}

/**
 * Refusals that are not the app's to word: Node's HTTP parser answers 431 (a request line or headers over its
 * limit) before any of Holdup runs; and a path that ".." takes out of /api is the web app's, not the API's.
 */
function isTheApisRefusal(request: HostileRequest, answer: Answer): boolean {
  if (answer.status === 431) return false;
  return new URL(request.path, "http://localhost").pathname.startsWith("/api/");
}

export function problemsWithAnswer(request: HostileRequest, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}: ${JSON.stringify(answer.text.slice(0, 300))}`);
  const asked = requestText(request);
  for (const { what, pattern } of LEAKS) {
    const found = pattern.exec(answer.text)?.[0];
    if (found && !asked.includes(found)) problems.push(`shows ${what}: ${JSON.stringify(found)}`);
  }
  if (answer.status >= 400 && answer.status < 500 && isTheApisRefusal(request, answer)) problems.push(...refusalProblems(answer));
  return problems;
}

/** The answer of the app's catch-all, or better-auth's router's empty 404: the request never reached the route. */
export const isUnrouted = (answer: Answer) => answer.status === 404 && (answer.text === "" || answer.text === '{"code":"not_found","message":"Not found"}');
