// /api/billing: the team's plan and usage (any member), Checkout and the customer portal (owners and admins), and
// Stripe's webhook — which carries no session and no browser Origin: its signature is its authentication.
import { Hono } from "hono";
import { requireSession } from "../../auth/require-session.ts";
import type { AppDependencies, AppEnv } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { requireMember } from "../../http/require-member.ts";
import { billingSummary } from "./billing-summary.ts";
import { createStripeClient } from "./stripe-client.ts";
import { applyStripeWebhook, openPortal, startCheckout, type BillingDeps } from "./stripe-billing.ts";

/** Exempt from the same-origin rule (server/http/same-origin.ts): Stripe posts it, not a page of Holdup's. */
export const STRIPE_WEBHOOK_PATH = "/api/billing/stripe/webhook";

const notConfigured = () => new Refusal(404, "billing_not_configured", "Payments are not set up on this Holdup: the plan is set by DEFAULT_PLAN");

export function billingRoutes({ answers, clock, config, db, events, readSession }: AppDependencies) {
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
  const billing = (): BillingDeps => {
    if (!stripe || !config.stripe) throw notConfigured();
    return { db, stripe, webhookSecret: config.stripe.webhookSecret, appUrl: config.appUrl, events };
  };
  const forMembers = new Hono<AppEnv>()
    .use(requireSession(readSession), requireMember({ db, answers }))
    .get("/", async (c) => c.json(await billingSummary({ db, config }, c.get("member"), clock.now()), 200))
    .post("/checkout", async (c) => c.json(await startCheckout(billing(), c.get("member")), 200))
    .post("/portal", async (c) => c.json(await openPortal(billing(), c.get("member")), 200));
  return new Hono<AppEnv>()
    .post("/stripe/webhook", async (c) => c.json(await applyStripeWebhook(billing(), await c.req.text(), c.req.header("stripe-signature"), clock.now()), 200))
    .route("/", forMembers);
}
