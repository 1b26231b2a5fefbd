// A script's HTTP client for the public API: an API key (or a signed-in device's token: decision 042) in the
// Authorization header, no cookies, no Origin — what curl, a CI job, an AI assistant or Holdup's tray sends.
import { randomInt } from "node:crypto";
import type { ApiKeyScope, ApiKeyLifetime } from "../../common/api-keys.ts";
import type { Teammate } from "./factories.ts";

export type ScriptAnswer = { status: number; headers: Headers; text: string; json: unknown };

export class ScriptClient {
  /** The script's address as the server sees it (the test server trusts the loopback proxy's X-Forwarded-For). */
  readonly address = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}::7`;

  constructor(
    readonly baseUrl: string,
    readonly key: string | undefined,
  ) {}

  /** fetch with this script's key and address; follows no redirect. */
  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (this.key !== undefined && !headers.has("authorization")) headers.set("authorization", `Bearer ${this.key}`);
    headers.set("x-forwarded-for", this.address);
    return fetch(input, { ...init, headers, redirect: "manual" });
  };

  async request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {}): Promise<ScriptAnswer> {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("content-type", "application/json");
    }
    const response = await this.fetch(new URL(path, this.baseUrl), { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  get = (path: string, headers?: Record<string, string>) => this.request(path, { headers });
  post = (path: string, json: unknown = {}, headers?: Record<string, string>) => this.request(path, { method: "POST", json, headers });
}

export type MadeKey = { id: string; key: string; name: string; scope: ApiKeyScope };

/** Makes an API key in the person's team through the settings' route, as they would in the browser. */
export async function makeApiKey(person: Teammate, options: { name?: string; scope?: ApiKeyScope; expiresInDays?: ApiKeyLifetime } = {}): Promise<MadeKey> {
  const answer = await person.client.post("/api/api-keys", { name: options.name ?? "CI", scope: options.scope ?? "write", expiresInDays: options.expiresInDays ?? "30" });
  if (answer.status !== 201) throw new Error(`Making an API key answered ${answer.status}: ${answer.text}`);
  return answer.json as MadeKey;
}

/** A script using this person's new key. */
export async function scriptOf(person: Teammate, options: Parameters<typeof makeApiKey>[1] = {}) {
  const made = await makeApiKey(person, options);
  return { made, script: new ScriptClient(person.client.baseUrl, made.key) };
}
