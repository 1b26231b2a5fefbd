// The route table the fuzz suite is generated from, read from the built app rather than written down: every
// handler Holdup's Hono app registers, with better-auth's mount (a wildcard) replaced by the endpoints better-auth's
// own router serves under it. A new route, Holdup's or a better-auth plugin's, is in the table without anyone
// adding it.
import type { Hono } from "hono";
import { inspectRoutes } from "hono/dev";
import type { Auth } from "../../auth/auth.ts";

export type Route = {
  /** An HTTP method, or ALL for a handler that answers any method. */
  method: string;
  /** Hono's or better-auth's path pattern, with its `:params` and `*`. */
  path: string;
  owner: "holdup" | "better-auth";
  /** The body and query fields the endpoint declares (better-auth's zod schemas); empty when not introspectable. */
  bodyFields: string[];
  queryFields: string[];
};

export const routeKey = (route: Pick<Route, "method" | "path">) => `${route.method} ${route.path}`;

/** What better-auth's endpoint functions carry (better-call's createEndpoint). */
type AuthEndpoint = { path?: string; options?: { method?: string | string[]; body?: unknown; query?: unknown; metadata?: { SERVER_ONLY?: boolean } } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The field names of a zod object schema, looking through optional, intersection, union and pipe wrappers. */
export function fieldNamesOf(schema: unknown, depth = 0): string[] {
  if (!isObject(schema) || depth > 8) return [];
  const def = isObject(schema.def) ? schema.def : undefined;
  if (!def) return [];
  switch (def.type) {
    case "object":
      return isObject(def.shape) ? Object.keys(def.shape) : [];
    case "intersection":
      return [...fieldNamesOf(def.left, depth + 1), ...fieldNamesOf(def.right, depth + 1)];
    case "union":
      return Array.isArray(def.options) ? def.options.flatMap((option) => fieldNamesOf(option, depth + 1)) : [];
    case "optional":
    case "nullable":
    case "default":
      return fieldNamesOf(def.innerType, depth + 1);
    case "pipe":
      return fieldNamesOf(def.in, depth + 1);
    default:
      return [];
  }
}

/**
 * better-auth's endpoints that its router answers over HTTP: the same rule as better-call's createRouter (a path,
 * and not SERVER_ONLY), less the paths the instance disables, and only the methods Holdup forwards to it.
 */
function betterAuthRoutes(auth: Auth, mount: string, forwardedMethods: Set<string>): Route[] {
  const instanceOptions: object = auth.options;
  const disabled = new Set("disabledPaths" in instanceOptions && Array.isArray(instanceOptions.disabledPaths) ? instanceOptions.disabledPaths.map(String) : []);
  return Object.values(auth.api as Record<string, AuthEndpoint>).flatMap((endpoint) => {
    const { path, options } = endpoint;
    if (!path || !options || options.metadata?.SERVER_ONLY || disabled.has(path)) return [];
    const declared = [options.method ?? []].flat();
    const methods = declared.includes("*") ? [...forwardedMethods] : declared.filter((method) => forwardedMethods.has(method));
    const bodyFields = [...new Set(fieldNamesOf(options.body))];
    const queryFields = [...new Set(fieldNamesOf(options.query))];
    return methods.map((method): Route => ({ method, path: `${mount}${path}`, owner: "better-auth", bodyFields, queryFields }));
  });
}

/** Every route the app answers, once per method and path, sorted. */
export function routeTable(app: Hono, auth: Auth): Route[] {
  const authMount = `${auth.options.basePath ?? "/api/auth"}/*`;
  const handlers = inspectRoutes(app).filter((route) => !route.isMiddleware);
  const forwardedToAuth = new Set(handlers.filter((route) => route.path === authMount).map((route) => route.method));
  // The mount itself stays in the table: it is what answers a path better-auth does not know.
  const ours = handlers.map((route): Route => ({ method: route.method, path: route.path, owner: "holdup", bodyFields: [], queryFields: [] }));
  const unique = new Map<string, Route>();
  for (const route of [...ours, ...betterAuthRoutes(auth, authMount.slice(0, -2), forwardedToAuth)]) {
    if (!unique.has(routeKey(route))) unique.set(routeKey(route), route);
  }
  return [...unique.values()].sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}
