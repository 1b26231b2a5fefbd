// The OpenAPI document against the API itself: every /api/v1 route of the app is described (from the route table,
// so a new route cannot be left out), and every example in it validates against the schema it illustrates, checked
// by a JSON Schema validator (Ajv) that knows nothing of the zod schemas the document came from. Then real answers
// of the API validate against the document too.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { makeBlocker, makeTeam, type Teammate } from "../../test/factories.ts";
import { routeTable } from "../../test/fuzz/route-table.ts";
import { scriptOf, type ScriptClient } from "../../test/script-client.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

type Schema = Record<string, unknown>;
type Operation = { operationId: string; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema & { example?: unknown }>; securitySchemes: Record<string, unknown> } };

let server: TestServer;
let document: Document;
let alice: Teammate, bob: Teammate;
let script: ScriptClient;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  server = await startTestServer({ smtp: false });
  [alice, bob] = (await makeTeam(server, ["Alice", "Bob"])) as [Teammate, Teammate];
  script = (await scriptOf(alice)).script;
  const answer = await fetch(`${server.url}/api/v1/openapi.json`);
  if (answer.status !== 200) throw new Error(`/api/v1/openapi.json answered ${answer.status}`);
  document = (await answer.json()) as Document;
  ajv.addSchema({ $id: "holdup", components: document.components }, "holdup");
});
afterAll(async () => {
  await server?.stop();
});

/** A schema of the document, its $refs resolved against the document's components. */
const validatorOf = (schema: Schema) => ajv.compile({ ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"holdup#/components/')) });

describe("/api/v1/openapi.json", () => {
  it("is OpenAPI 3.1 with the key as a bearer scheme, served to anyone", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes).toMatchObject({ apiKey: { type: "http", scheme: "bearer" } });
  });

  it("describes every /api/v1 route the app serves, and no other", () => {
    const served = routeTable(createApp(server.deps), server.deps.auth)
      .filter((route) => route.path.startsWith("/api/v1/") && route.path !== "/api/v1/openapi.json" && route.method !== "ALL")
      .map((route) => `${route.method.toLowerCase()} ${route.path.replace("/api/v1", "").replaceAll(/:(\w+)/g, "{$1}")}`);
    const described = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(served.length).toBeGreaterThan(10);
    expect([...new Set(served)].sort()).toEqual(described.sort());
  });

  it("has examples that validate against their own schemas", () => {
    const examples = Object.entries(document.components.schemas).filter(([, schema]) => schema.example !== undefined);
    expect(examples.map(([name]) => name)).toEqual(expect.arrayContaining(["Blocker", "Person", "Event", "Error", "NewBlocker", "Counters"]));
    for (const [name, schema] of examples) {
      const validate = validatorOf({ $ref: `#/components/schemas/${name}` });
      expect(validate(schema.example), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it("describes what the API really answers", async () => {
    const id = await makeBlocker(alice, [bob], { title: "Described" });
    const checks: [string, string, string, Promise<{ status: number; json: unknown }>][] = [
      ["/blockers", "get", "200", script.get("/api/v1/blockers")],
      ["/blockers/{id}", "get", "200", script.get(`/api/v1/blockers/${id}`)],
      ["/blockers", "post", "201", script.post("/api/v1/blockers", { title: "Made", blockingProfileIds: [bob.profileId] })],
      ["/blockers", "post", "400", script.post("/api/v1/blockers", {})],
      ["/events", "get", "200", script.get("/api/v1/events")],
      ["/people", "get", "200", script.get("/api/v1/people")],
      ["/me", "get", "200", script.get("/api/v1/me")],
      ["/counters", "get", "200", script.get("/api/v1/counters")],
    ];
    for (const [path, method, status, request] of checks) {
      const answer = await request;
      expect(String(answer.status), path).toBe(status);
      const schema = document.paths[path]?.[method]?.responses[status]?.content?.["application/json"]?.schema;
      expect(schema, `${method} ${path} ${status}`).toBeDefined();
      const validate = validatorOf(schema as Schema);
      expect(validate(answer.json), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});
