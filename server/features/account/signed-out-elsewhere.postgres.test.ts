// Signing a device out on one server instance ends it at once on every other (decision 032): the other instance
// stops trusting that person's signed session copies when it hears of the end, its event stream there ends too.
// Runs in `npm run test:postgres`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserLikeClient } from "../../test/browser-like-client.ts";
import { openEventStream } from "../../test/event-stream.ts";
import { makeTeam, STRONG_PASSWORD, type Teammate } from "../../test/factories.ts";
import { startTwoInstances, type TestServer } from "../../test/test-server.ts";

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
let first: TestServer, second: TestServer;
let dana: Teammate;

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ first, second } = instances);
  [dana] = (await makeTeam(first, ["Dana"])) as [Teammate];
});
afterAll(() => instances?.stop());

const dashboardOn = (client: BrowserLikeClient, server: TestServer) => client.fetch(new URL("/api/dashboard", server.url)).then((response) => response.status);

describe("a device signed out through one instance", () => {
  it("is refused at once by the other, within the minute its signed copy would have been trusted, and its stream there ends", async () => {
    // A phone whose requests the load balancer sends to the second instance.
    const phone = second.client();
    expect((await phone.post("/api/auth/sign-in/email", { email: dana.email, password: STRONG_PASSWORD })).status).toBe(200);
    expect(await dashboardOn(phone, second)).toBe(200);
    const stream = await openEventStream(phone, second.url);

    const sessions = ((await dana.client.request("/api/account/sessions")).json as { sessions: { id: string; current: boolean }[] }).sessions;
    const phoneSession = sessions.find((session) => !session.current);
    expect((await dana.client.request(`/api/account/sessions/${phoneSession?.id}`, { method: "DELETE" })).status).toBe(200);

    await stream.ended();
    await expect.poll(() => dashboardOn(phone, second), { timeout: 5_000 }).toBe(401);
    expect(await dashboardOn(dana.client, second)).toBe(200);
  });
});
