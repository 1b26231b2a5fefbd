// An HTTP client that behaves like one browser: keeps its cookies and sends the Origin header, as a browser does.
// `api` is the same typed client the web app uses; `request` reaches any path (better-auth's endpoints, bad input).
// Each browser has an address of its own, as people do: the test server trusts the loopback proxy's
// X-Forwarded-For (TRUST_PROXY=loopback), so per-client limits count each browser apart.
import { randomInt } from "node:crypto";
import { hc } from "hono/client";
import { TEAM_HEADER } from "../../common/teams.ts";
import type { ApiType } from "../app.ts";

export type RawResponse = { status: number; headers: Headers; text: string; json: unknown };

export class BrowserLikeClient {
  private cookies = new Map<string, string>();
  /** The team this client's requests name (X-Holdup-Team), as a browser tab on that team does; none by default. */
  private team: string | undefined;
  readonly api: ReturnType<typeof hc<ApiType>>;

  /** This browser's address as the server sees it (an address of the documentation range, never contacted). */
  readonly address: string;

  constructor(
    readonly baseUrl: string,
    options: { address?: string } = {},
  ) {
    // A /64 of its own in the IPv6 documentation range: limits count IPv6 clients by /64.
    this.address = options.address ?? `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}::1`;
    this.api = hc<ApiType>(new URL("/api", baseUrl).toString(), { fetch: this.fetch });
  }

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Another tab of this browser (the same cookies, the same address), acting in `teamId`. */
  inTeam(teamId: string): BrowserLikeClient {
    const tab = new BrowserLikeClient(this.baseUrl, { address: this.address });
    tab.cookies = this.cookies;
    tab.team = teamId;
    return tab;
  }

  /** The same browser (its cookies, its team) from another network: a new address, as a laptop that moved. */
  fromAnotherNetwork(): BrowserLikeClient {
    const moved = new BrowserLikeClient(this.baseUrl);
    moved.cookies = this.cookies;
    moved.team = this.team;
    return moved;
  }

  hasCookie(name: string) {
    return this.cookies.has(name);
  }

  /** fetch with this browser's cookies and origin; follows no redirect, so tests can see where they point. */
  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", this.address);
    if (this.team !== undefined && !headers.has(TEAM_HEADER)) headers.set(TEAM_HEADER, this.team);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader);
    const response = await fetch(input, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = value === "" || attributes.some((attribute) => /^max-age=0$/i.test(attribute.trim()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  };

  async request(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
    const headers: Record<string, string> = { ...init.headers };
    let body = init.body;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    const response = await this.fetch(new URL(path, this.baseUrl), { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  post = (path: string, json: unknown = {}) => this.request(path, { method: "POST", json });
}
