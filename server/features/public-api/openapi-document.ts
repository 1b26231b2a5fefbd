// /api/v1/openapi.json: the public API described by its own routes (OpenAPI 3.1, from the zod schemas they validate
// with), made once per app: it changes only with the code.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/app-env.ts";
import { API_V1_PATH } from "./routes.ts";

const documents = new WeakMap<object, unknown>();

export function openApiDocument(api: OpenAPIHono<AppEnv>, appUrl: string) {
  let document = documents.get(api);
  if (!document) {
    document = api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Holdup API",
        version: "1.0.0",
        description: [
          "Log and clear blockers from scripts, CI and AI assistants. Every request carries an API key (`Authorization: Bearer hk_…`), made in Settings → Personal → API keys; a key acts as its owner in one team, read-only or read and write.",
          "",
          "Errors have one shape: `{ code, message, fields? }`. Every POST honours `Idempotency-Key`. Each key may make 600 requests a minute; every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a 429 carries `Retry-After`.",
        ].join("\n"),
      },
      servers: [{ url: new URL(API_V1_PATH, appUrl).toString() }],
      tags: [
        { name: "Blockers", description: "What someone is waiting for, and the people it waits on" },
        { name: "Me", description: "The key's owner" },
        { name: "People", description: "The team" },
        { name: "Events", description: "What happened, in order" },
      ],
    });
    documents.set(api, document);
  }
  return document;
}
