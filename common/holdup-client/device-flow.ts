// The device's half of the OAuth 2.0 Device Authorization Grant (RFC 8628) against a Holdup server (decision 042):
// ask for a code, show it and open the approval page, then ask for the token every `interval` seconds — five more
// after each `slow_down` — until the person approves, says no, or the code expires. Used by the tray and the browser
// extension; `fetch` and `sleep` are given, so it runs in Node and in a service worker alike, and tests drive time.
import type { DeviceClientId } from "../devices.ts";

export const DEVICE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

export type DeviceCode = { deviceCode: string; userCode: string; verificationUri: string; verificationUriComplete: string; expiresInSeconds: number; intervalSeconds: number };

export type DeviceSignIn = { outcome: "signed-in"; token: string } | { outcome: "denied" } | { outcome: "expired" };

export type DeviceFlowOptions = {
  baseUrl: string;
  clientId: DeviceClientId;
  fetch?: typeof fetch;
  /** Waits this long (tests: moves a fake clock instead). */
  sleep?: (ms: number) => Promise<void>;
  /** Ends the wait early (the person closed the tray, or asked for a new code). */
  signal?: AbortSignal;
};

/** The server answered something the grant does not allow: a bug or a server that is not Holdup. */
export class DeviceFlowError extends Error {}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function post(options: DeviceFlowOptions, path: string, body: Record<string, string>) {
  const answer = await (options.fetch ?? fetch)(new URL(path, options.baseUrl), { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body), signal: options.signal });
  const json: unknown = await answer.json().catch(() => undefined);
  return { status: answer.status, json: typeof json === "object" && json !== null ? (json as Record<string, unknown>) : {} };
}

export async function requestDeviceCode(options: DeviceFlowOptions): Promise<DeviceCode> {
  const { status, json } = await post(options, "/api/auth/device/code", { client_id: options.clientId });
  const { device_code, user_code, verification_uri, verification_uri_complete, expires_in, interval } = json;
  if (status !== 200 || typeof device_code !== "string" || typeof user_code !== "string" || typeof verification_uri !== "string") {
    throw new DeviceFlowError(`The server did not give a device code (${status}${typeof json.error === "string" ? `: ${json.error}` : ""})`);
  }
  return {
    deviceCode: device_code,
    userCode: user_code,
    verificationUri: verification_uri,
    verificationUriComplete: typeof verification_uri_complete === "string" ? verification_uri_complete : verification_uri,
    expiresInSeconds: typeof expires_in === "number" ? expires_in : 600,
    intervalSeconds: typeof interval === "number" && interval > 0 ? interval : 5,
  };
}

/** Asks for the token until the grant ends one way or another (RFC 8628 §3.4–3.5). */
export async function waitForDeviceToken(options: DeviceFlowOptions, code: DeviceCode): Promise<DeviceSignIn> {
  const sleep = options.sleep ?? wait;
  let intervalMs = code.intervalSeconds * 1000;
  for (;;) {
    await sleep(intervalMs);
    options.signal?.throwIfAborted();
    const { status, json } = await post(options, "/api/auth/device/token", { grant_type: DEVICE_GRANT_TYPE, device_code: code.deviceCode, client_id: options.clientId });
    if (status === 200 && typeof json.access_token === "string") return { outcome: "signed-in", token: json.access_token };
    if (status === 429) {
      // Holdup's limit on wrong codes (decision 019): wait as long as it says, then ask again.
      intervalMs = Math.max(intervalMs, (typeof json.retryAfter === "number" ? json.retryAfter : 60) * 1000);
      continue;
    }
    switch (json.error) {
      case "authorization_pending":
        continue;
      case "slow_down":
        intervalMs += 5_000;
        continue;
      case "access_denied":
        return { outcome: "denied" };
      case "expired_token":
      case "invalid_grant":
        return { outcome: "expired" };
      default:
        throw new DeviceFlowError(`The server refused the device code (${status}${typeof json.error === "string" ? `: ${json.error}` : ""})`);
    }
  }
}
