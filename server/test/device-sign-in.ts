// A device (Holdup's tray or browser extension) signed in through the device grant, as tests need one: it asks for
// a code, its person looks at it and approves it from a browser of their own, and its poll gets the token. The
// plugin reads the machine's clock for the polling interval: the code's last poll is aged instead of waiting.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { DeviceClientId } from "../../common/devices.ts";
import { DEVICE_GRANT_TYPE } from "../../common/holdup-client/device-flow.ts";
import { deviceCode as deviceCodes } from "../db/schema.ts";
import type { Teammate } from "./factories.ts";
import { ScriptClient } from "./script-client.ts";
import type { TestServer } from "./test-server.ts";

export type DeviceCodeAnswer = { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; expires_in: number; interval: number };

/** A device with no token yet: no cookies, no Origin. */
export const newDevice = (server: TestServer) => new ScriptClient(server.url, undefined);

export async function askForCode(device: ScriptClient, clientId: DeviceClientId | string = "holdup-tray") {
  const answer = await device.post("/api/auth/device/code", { client_id: clientId });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as DeviceCodeAnswer;
}

export const pollForToken = (device: ScriptClient, code: DeviceCodeAnswer, clientId: string = "holdup-tray") => device.post("/api/auth/device/token", { grant_type: DEVICE_GRANT_TYPE, device_code: code.device_code, client_id: clientId });

/** As if the device's last poll was longer ago than the interval. */
export const letIntervalPass = (server: TestServer, deviceCode: string) => server.deps.db.update(deviceCodes).set({ lastPolledAt: new Date(Date.now() - 60_000) }).where(eq(deviceCodes.deviceCode, deviceCode));

/** The whole grant for `person`: the device that comes out of it carries its token. */
export async function signInDevice(server: TestServer, person: Teammate, clientId: DeviceClientId = "holdup-tray") {
  const device = newDevice(server);
  const code = await askForCode(device, clientId);
  const browser = person.client.fromAnotherNetwork();
  expect((await browser.request(`/api/auth/device?user_code=${code.user_code}`)).status).toBe(200);
  expect((await browser.post("/api/auth/device/approve", { userCode: code.user_code })).status).toBe(200);
  await letIntervalPass(server, code.device_code);
  const answer = await pollForToken(device, code, clientId);
  expect(answer.status, answer.text).toBe(200);
  const token = (answer.json as { access_token: string }).access_token;
  return { code, token, device: new ScriptClient(server.url, token) };
}

/** Signs out every device of this client in the person's sessions list, as they would in settings. */
export async function signOutDevices(person: Teammate, clientId: DeviceClientId = "holdup-tray") {
  const { sessions } = (await person.client.request("/api/account/sessions")).json as { sessions: { id: string; client: string | null }[] };
  const devices = sessions.filter((session) => session.client === clientId);
  for (const each of devices) expect((await person.client.request(`/api/account/sessions/${each.id}`, { method: "DELETE" })).status).toBe(200);
  return devices.length;
}
