// What the extension keeps, in chrome.storage.local (only the extension reads it): the server's address, the device's
// token (decision 042), how signing in goes, the two counters and the connection's state. The service worker writes
// it; the popup and the options page read it and follow its changes, so every view says the same thing.
import type { Counters } from "../../common/holdup-client/holdup-api.ts";

export const DEFAULT_SERVER_URL = "http://localhost:3000";

export type SignIn =
  | { kind: "signed-out"; note?: "denied" | "expired" | "revoked" | "failed"; reason?: string }
  | { kind: "starting" }
  | { kind: "waiting"; userCode: string; verificationUriComplete: string; expiresAt: number }
  | { kind: "signed-in" };

export type Connection = { kind: "connecting" } | { kind: "live" } | { kind: "offline"; reason: string };

/** `countedAt`: when the worker last read the counters — after every change it heard of, and every minute. */
export type Stored = { serverUrl: string; token: string | null; signIn: SignIn; counters: Counters | null; countedAt: number; connection: Connection };

const defaults: Stored = { serverUrl: DEFAULT_SERVER_URL, token: null, signIn: { kind: "signed-out" }, counters: null, countedAt: 0, connection: { kind: "connecting" } };

export async function readStored(): Promise<Stored> {
  // Asked with the defaults, Chrome answers them for whatever was never stored.
  return chrome.storage.local.get<Stored>(defaults);
}

export const writeStored = (changes: Partial<Stored>) => chrome.storage.local.set(changes);

/** Calls `listener` with everything kept whenever something of it changes; returns the way to stop. */
export function followStored(listener: (stored: Stored) => void): () => void {
  const changed = (_changes: unknown, area: string) => {
    if (area === "local") void readStored().then(listener);
  };
  chrome.storage.onChanged.addListener(changed);
  return () => chrome.storage.onChanged.removeListener(changed);
}

/** An address the extension may talk to: http(s) only, kept as its origin ("https://holdup.example.com"). */
export function serverOrigin(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The host permission the extension needs for a server (localhost's is granted at install: manifest.json). */
export const originPattern = (origin: string) => `${new URL(origin).protocol}//${new URL(origin).hostname}/*`;

/** The public API as this extension calls it: its token, and no cookies of the server's site ever. */
export const withoutCookies: typeof fetch = (input, init) => fetch(input, { ...init, credentials: "omit" });
