// Plans and billing (decision 031) through a Stripe stand-in speaking Stripe's protocol: Checkout, the portal, and
// signed webhooks — valid, tampered, stale, replayed and out of order; the Free plan's five members; and a
// self-hosted Holdup without Stripe, where DEFAULT_PLAN decides.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Stripe } from "stripe";
import { addMembersDirectly, invitationTokenIn, makeEmail, makeTeam, okJson, signUp, type Teammate } from "../../test/factories.ts";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";

let server: TestServer;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: "whsec_holdup_test" });
  server = await startTestServer({ smtp: false, environment: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url } });
  stripe.setWebhookUrl(`${server.url}/api/billing/stripe/webhook`);
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

type Summary = { plan: string; provider: string; canManage: boolean; subscription: { status: string; currentPeriodEnd: string | null } | null; usage: { members: { used: number; pendingInvitations: number; limit: number } } };
const summaryOf = async (who: Teammate) => (await who.client.request("/api/billing")).json as Summary;

/** The owner goes through Checkout and pays on the stand-in's page, which sends Stripe's events back. */
async function upgrade(owner: Teammate) {
  const { url } = (await owner.client.post("/api/billing/checkout")).json as { url: string };
  expect(url).toMatch(/\/checkout\/cs_test_/);
  const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe(`${server.url}/organization/billing?checkout=success`);
  const sessionId = new URL(url).pathname.split("/").at(-1) ?? "";
  return stripe.sessions.get(sessionId)?.subscription as string;
}

describe("with Stripe", () => {
  it("starts a team on Free, lets only owners and admins upgrade, and makes it Plus once Stripe says it is paid", async () => {
    const [owner, member] = (await makeTeam(server, ["Paula", "Mo"], "Paying")) as [Teammate, Teammate];
    expect(await summaryOf(owner)).toMatchObject({ plan: "free", provider: "stripe", canManage: true, subscription: null, usage: { members: { used: 2, limit: 5 } } });
    expect((await summaryOf(member)).canManage).toBe(false);
    expect((await member.client.post("/api/billing/checkout")).json).toMatchObject({ code: "billing_not_allowed" });
    const subscriptionId = await upgrade(owner);
    const summary = await summaryOf(member);
    expect(summary).toMatchObject({ plan: "plus", subscription: { status: "active" } });
    expect(new Date(summary.subscription?.currentPeriodEnd ?? 0).getTime()).toBeGreaterThan(Date.now());
    // The session was made for this team, at Plus's price, with its customer.
    const created = stripe.requests.find((request) => request.path === "/v1/checkout/sessions")?.body as { client_reference_id: string; line_items: Record<string, { price_data: { unit_amount: string; recurring: { interval: string } } }> };
    expect(created.line_items["0"]?.price_data).toMatchObject({ unit_amount: "2900", recurring: { interval: "month" } });
    expect(subscriptionId).toMatch(/^sub_/);
    expect((await owner.client.post("/api/billing/checkout")).json).toMatchObject({ code: "already_plus" });
  });

  it("applies an event once, however often it is delivered, and refuses a tampered or stale one", async () => {
    const [owner] = (await makeTeam(server, ["Rita"], "Replayed")) as [Teammate];
    const subscriptionId = await upgrade(owner);
    const subscription = stripe.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error("no subscription");
    const event = { id: "evt_replayed_once", object: "event", type: "customer.subscription.updated", created: Math.floor(Date.now() / 1000), data: { object: subscription } };
    expect((await stripe.deliver(event)).status).toBe(200);
    const again = await fetch(`${server.url}/api/billing/stripe/webhook`, { method: "POST", headers: { "stripe-signature": new Stripe("sk_x").webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: stripe.webhookSecret }), "content-type": "application/json" }, body: JSON.stringify(event) });
    expect(await again.json()).toEqual({ received: true, duplicate: true });

    // Cancelled at Stripe; the events that would say so are forged or too old: nothing changes.
    stripe.updateSubscription(subscriptionId, { status: "canceled" });
    const forged = { ...event, id: "evt_forged" };
    const tampered = await stripe.deliver(forged, { payload: JSON.stringify({ ...forged, type: "customer.subscription.deleted" }), signature: new Stripe("sk_x").webhooks.generateTestHeaderString({ payload: JSON.stringify(forged), secret: stripe.webhookSecret }) });
    expect(tampered.status).toBe(400);
    const stale = await stripe.deliver({ ...event, id: "evt_stale" }, { signature: new Stripe("sk_x").webhooks.generateTestHeaderString({ payload: JSON.stringify({ ...event, id: "evt_stale" }), secret: stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 }) });
    expect(stale.status).toBe(400);
    const wrongSecret = await stripe.deliver({ ...event, id: "evt_wrong_secret" }, { signature: new Stripe("sk_x").webhooks.generateTestHeaderString({ payload: JSON.stringify({ ...event, id: "evt_wrong_secret" }), secret: "whsec_someone_else" }) });
    expect(wrongSecret.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/billing/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event) });
    expect([unsigned.status, ((await unsigned.json()) as { code: string }).code]).toEqual([400, "invalid_signature"]);
    expect((await summaryOf(owner)).plan).toBe("plus");
  });

  it("follows the subscription's own state, not the order events arrive in", async () => {
    const [owner] = (await makeTeam(server, ["Olga"], "Ordered")) as [Teammate];
    const first = await upgrade(owner);
    const activeSnapshot = stripe.subscriptions.get(first);
    if (!activeSnapshot) throw new Error("no subscription");
    // Stripe cancels it; the "deleted" event comes first, then a late "updated" still carrying "active".
    const canceled = stripe.updateSubscription(first, { status: "canceled" });
    await stripe.sendEvent("customer.subscription.deleted", canceled);
    await stripe.sendEvent("customer.subscription.updated", activeSnapshot);
    expect((await summaryOf(owner)).plan).toBe("free");
    // They subscribe again; the old subscription's late "deleted" does not end the new one.
    const second = await upgrade(owner);
    expect(second).not.toBe(first);
    await stripe.sendEvent("customer.subscription.deleted", canceled);
    expect(await summaryOf(owner)).toMatchObject({ plan: "plus", subscription: { status: "active" } });
    // A payment fails: Plus stays while Stripe retries (past_due), Free once it gives up (unpaid).
    await stripe.sendEvent("customer.subscription.updated", stripe.updateSubscription(second, { status: "past_due" }));
    expect((await summaryOf(owner)).plan).toBe("plus");
    await stripe.sendEvent("customer.subscription.updated", stripe.updateSubscription(second, { status: "unpaid" }));
    expect((await summaryOf(owner)).plan).toBe("free");
  });

  it("opens the customer portal, where cancelling makes the team Free again", async () => {
    const [owner, member] = (await makeTeam(server, ["Petra", "Nils"], "Portal")) as [Teammate, Teammate];
    expect((await owner.client.post("/api/billing/portal")).json).toMatchObject({ code: "no_subscription" });
    await upgrade(owner);
    expect((await member.client.post("/api/billing/portal")).status).toBe(403);
    const { url } = (await owner.client.post("/api/billing/portal")).json as { url: string };
    const cancelled = await fetch(`${url}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancelled.headers.get("location")).toBe(`${server.url}/organization/billing`);
    expect(await summaryOf(owner)).toMatchObject({ plan: "free", subscription: { status: "canceled" } });
  });
});

describe("the Free plan's five members", () => {
  it("counts invitations waiting, refuses a sixth place with an upgrade link, and a full team's invitation", async () => {
    const [owner] = (await makeTeam(server, ["Fay"], "Small")) as [Teammate];
    const emails = [1, 2, 3, 4, 5].map((index) => makeEmail(`seat${index}`));
    const first = await okJson(owner.client.api.team.invitations.$post({ json: { emails } }));
    // One member and four invitations fill the five places: the fifth address is refused, the others go out.
    expect(first.outcomes.map((outcome) => outcome.invited)).toEqual([true, true, true, true, false]);
    expect(first.outcomes[4]).toMatchObject({ upgradeUrl: "/organization/billing", message: expect.stringContaining("5 members") });
    const sixth = await owner.client.request("/api/team/invitations", { json: { emails: [makeEmail("sixth")] } });
    expect([sixth.status, sixth.json]).toMatchObject([403, { code: "plan_limit_reached", upgradeUrl: "/organization/billing" }]);
    // Sending one again takes no new place.
    expect((await okJson(owner.client.api.team.invitations.$post({ json: { emails: [emails[0] ?? ""] } }))).outcomes[0]?.invited).toBe(true);
    expect((await summaryOf(owner)).usage.members).toEqual({ used: 1, pendingInvitations: 4, limit: 5 });
  });

  it("on a downgrade removes no one, and takes no one new until the team is within the limit", async () => {
    const [owner] = (await makeTeam(server, ["Dora"], "Grown")) as [Teammate];
    await upgrade(owner);
    const teamId = (await okJson(owner.client.api.team.$get())).id;
    const pending = await okJson(owner.client.api.team.invitations.$post({ json: { emails: [makeEmail("late-joiner")] } }));
    const token = invitationTokenIn(pending.outcomes[0]?.invited ? pending.outcomes[0].link : "");
    await addMembersDirectly(server, teamId, 6);
    const { url } = (await owner.client.post("/api/billing/portal")).json as { url: string };
    await fetch(`${url}/cancel`, { method: "POST", redirect: "manual" });
    expect(await summaryOf(owner)).toMatchObject({ plan: "free", usage: { members: { used: 7 } } });
    expect((await owner.client.request("/api/team/members")).json).toMatchObject({ total: 7 });
    expect((await owner.client.request("/api/team/invitations", { json: { emails: [makeEmail("more")] } })).status).toBe(403);
    // The invitation sent while on Plus cannot be used to join the full team now.
    const joiner = server.client();
    await signUp(joiner, { email: (pending.outcomes[0]?.email ?? "") });
    const joined = await joiner.request(`/api/invitations/${token}/accept`, { json: { token } });
    expect([joined.status, (joined.json as { code: string }).code]).toEqual([403, "plan_limit_reached"]);
  });
});

describe("without Stripe (self-hosting)", () => {
  let selfHosted: TestServer;
  beforeAll(async () => {
    selfHosted = await startTestServer({ smtp: false });
  });
  afterAll(() => selfHosted?.stop());

  it("gives every team DEFAULT_PLAN, says so, and offers no Checkout", async () => {
    const [owner] = (await makeTeam(selfHosted, ["Sam"], "Self-hosted")) as [Teammate];
    expect(await summaryOf(owner)).toMatchObject({ plan: "plus", provider: "none", canManage: false, subscription: null });
    expect((await owner.client.post("/api/billing/checkout")).json).toMatchObject({ code: "billing_not_configured" });
    const webhook = await fetch(`${selfHosted.url}/api/billing/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(webhook.status).toBe(404);
  });
});
