// The browser's half of the device grant (RFC 8628, decision 042): look at a code a tray or browser extension shows
// (which claims it for the person signed in here), then approve or deny it. better-auth's device-authorization
// endpoints, through its client.
import { authClient } from "@/web/lib/auth-client";
import type { DeviceClientId } from "@/common/devices";
import { isDeviceClient } from "@/common/devices";

/** Why a code cannot be approved, as the page says it. */
export type DeviceCodeProblem = "invalid" | "expired" | "used" | "not-yours" | "too-many" | "unknown";

export class DeviceCodeError extends Error {
  constructor(readonly problem: DeviceCodeProblem) {
    super(problem);
  }
}

function problemOf(error: unknown): DeviceCodeProblem {
  const record = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  if (record.status === 429 || record.code === "too_many_requests") return "too-many";
  if (record.error === "expired_token") return "expired";
  if (record.error === "access_denied") return "not-yours";
  if (record.error === "invalid_request" || record.error === "invalid_grant") return "invalid";
  return "unknown";
}

async function orProblem<T>(call: Promise<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await call;
  if (error || data === null) throw new DeviceCodeError(problemOf(error));
  return data;
}

export type DeviceRequest = { userCode: string; client: DeviceClientId | null };

/** The request behind a code; once seen by a signed-in person it is theirs to approve or deny (and no one else's). */
export async function lookAtDeviceCode(userCode: string): Promise<DeviceRequest> {
  const found = await orProblem(authClient.device({ query: { user_code: userCode } }));
  if (found.status !== "pending") throw new DeviceCodeError("used");
  return { userCode, client: isDeviceClient(found.client_id) ? found.client_id : null };
}

export const approveDevice = (userCode: string) => orProblem(authClient.device.approve({ userCode }));
export const denyDevice = (userCode: string) => orProblem(authClient.device.deny({ userCode }));
