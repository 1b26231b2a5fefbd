// Paying for Plus through Stripe (decision 031): Checkout to subscribe, the customer portal for the card and
// cancelling, and signed webhooks that change the plan. A webhook is applied once however often Stripe delivers it
// (its event id is kept), and in whatever order: the team takes the subscription's state as Stripe has it now,
// read back from Stripe, never the state an event carried when it was sent.
import { eq } from "drizzle-orm";
import type { Stripe } from "stripe";
import { paths } from "../../../common/paths.ts";
import { PLUS_PRICE_CENTS } from "../../../common/plans.ts";
import type { Database } from "../../db/client.ts";
import { organization, stripeEvents, teamBilling } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import { LIVE_SUBSCRIPTION_STATUSES } from "./plan-of-team.ts";
import type { StripeClient } from "./stripe-client.ts";

export type BillingDeps = { db: Database; stripe: StripeClient; webhookSecret: string; appUrl: string; events: EventHub };

const ownersAndAdminsOnly = () => new Refusal(403, "billing_not_allowed", "Only owners and admins manage the team's plan");
const stripeUnavailable = () => new Refusal(409, "stripe_unavailable", "Stripe could not be reached: try again in a moment");

async function billingOf(db: Database, teamId: string) {
  const [row] = await db.select().from(teamBilling).where(eq(teamBilling.teamId, teamId));
  return row;
}

/** The team's Stripe customer, created the first time the team goes to Checkout. */
async function customerOf(deps: BillingDeps, actor: Member) {
  const existing = await billingOf(deps.db, actor.teamId);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const [team] = await deps.db.select({ name: organization.name }).from(organization).where(eq(organization.id, actor.teamId));
  const customer = await deps.stripe.customers.create({ name: team?.name, email: actor.email, metadata: { teamId: actor.teamId } }).catch(() => {
    throw stripeUnavailable();
  });
  await deps.db
    .insert(teamBilling)
    .values({ teamId: actor.teamId, stripeCustomerId: customer.id })
    .onConflictDoUpdate({ target: teamBilling.teamId, set: { stripeCustomerId: customer.id, updatedAt: new Date() } });
  return customer.id;
}

/** A Checkout session for Plus ($29 a month, per team); the browser goes to its `url`. */
export async function startCheckout(deps: BillingDeps, actor: Member) {
  if (!actor.isAdmin) throw ownersAndAdminsOnly();
  const billing = await billingOf(deps.db, actor.teamId);
  if (billing?.subscriptionStatus && LIVE_SUBSCRIPTION_STATUSES.has(billing.subscriptionStatus)) {
    throw new Refusal(409, "already_plus", "This team is on Plus already: manage it from the billing page");
  }
  const customer = await customerOf(deps, actor);
  const back = (outcome: string) => new URL(`${paths.organizationBilling}?checkout=${outcome}`, deps.appUrl).toString();
  const session = await deps.stripe.checkout.sessions
    .create({
      mode: "subscription",
      customer,
      client_reference_id: actor.teamId,
      line_items: [{ price_data: { currency: "usd", unit_amount: PLUS_PRICE_CENTS, recurring: { interval: "month" }, product_data: { name: "Holdup Plus" } }, quantity: 1 }],
      subscription_data: { metadata: { teamId: actor.teamId } },
      success_url: back("success"),
      cancel_url: back("cancelled"),
    })
    .catch(() => {
      throw stripeUnavailable();
    });
  if (!session.url) throw stripeUnavailable();
  return { url: session.url };
}

/** The customer portal (card, invoices, cancelling), for a team that has been to Checkout. */
export async function openPortal(deps: BillingDeps, actor: Member) {
  if (!actor.isAdmin) throw ownersAndAdminsOnly();
  const billing = await billingOf(deps.db, actor.teamId);
  if (!billing?.stripeCustomerId) throw new Refusal(409, "no_subscription", "This team has no subscription to manage yet");
  const portal = await deps.stripe.billingPortal.sessions.create({ customer: billing.stripeCustomerId, return_url: new URL(paths.organizationBilling, deps.appUrl).toString() }).catch(() => {
    throw stripeUnavailable();
  });
  return { url: portal.url };
}

/** The period's end: on the subscription's items in Stripe's current API, on the subscription itself before. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const seconds = subscription.items?.data?.[0]?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * A webhook from Stripe: its signature checked (a bad or stale one is a 400 and changes nothing), then applied once.
 * `now` is the app's clock, against which a signature's age is measured.
 */
export async function applyStripeWebhook(deps: BillingDeps, rawBody: string, signature: string | undefined, now: Date) {
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature ?? "", deps.webhookSecret, undefined, undefined, now.getTime()); // receivedAt: milliseconds
  } catch {
    throw new Refusal(400, "invalid_signature", "The Stripe-Signature header does not match this body, or is too old");
  }
  const subscriptionId = subscriptionOf(event);
  // Read before the transaction: Stripe is a network call, and the transaction should hold no lock while it runs.
  const subscription = subscriptionId
    ? await deps.stripe.subscriptions.retrieve(subscriptionId).catch(() => {
        throw new Refusal(409, "stripe_unavailable", "Stripe could not be reached to read the subscription: deliver this event again later");
      })
    : undefined;
  const teamId = await teamOf(deps.db, event, subscription);
  const applied = await deps.events.changeData(deps.db, { teamIds: teamId ? [teamId] : [] }, async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!fresh) return false; // delivered before
    if (!teamId || !subscription) return true; // nothing Holdup follows
    const customer = idOf(subscription.customer);
    const [current] = await tx.select().from(teamBilling).where(eq(teamBilling.teamId, teamId));
    // A subscription that ended does not end another, newer one of the team's: it only counts if it is the team's
    // current one, or live.
    const isCurrent = !current?.stripeSubscriptionId || current.stripeSubscriptionId === subscription.id;
    if (!isCurrent && !LIVE_SUBSCRIPTION_STATUSES.has(subscription.status)) return true;
    const state = { stripeCustomerId: customer, stripeSubscriptionId: subscription.id, subscriptionStatus: subscription.status, currentPeriodEnd: periodEndOf(subscription), cancelAtPeriodEnd: subscription.cancel_at_period_end, updatedAt: now };
    await tx.insert(teamBilling).values({ teamId, ...state }).onConflictDoUpdate({ target: teamBilling.teamId, set: state });
    return true;
  });
  if (applied && teamId) await deps.events.publishToTeam(deps.db, { kind: "team", teamId });
  return { received: true, duplicate: !applied };
}

/** The subscription an event is about: Checkout's, or the subscription itself. */
function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; subscription?: string | { id: string } | null };
  if (event.type === "checkout.session.completed") return idOf(object.subscription);
  if (event.type.startsWith("customer.subscription.")) return object.id ?? null;
  return null;
}

/** The team: named by Holdup in the subscription's metadata or Checkout's reference, else known by its customer. */
async function teamOf(db: Database, event: Stripe.Event, subscription: Stripe.Subscription | undefined): Promise<string | null> {
  const object = event.data.object as { client_reference_id?: string | null };
  const named = subscription?.metadata?.teamId ?? object.client_reference_id ?? null;
  const customer = idOf(subscription?.customer);
  const [byCustomer] = customer ? await db.select({ teamId: teamBilling.teamId }).from(teamBilling).where(eq(teamBilling.stripeCustomerId, customer)) : [];
  const teamId = byCustomer?.teamId ?? named;
  if (!teamId) return null;
  const [team] = await db.select({ id: organization.id }).from(organization).where(eq(organization.id, teamId));
  return team?.id ?? null;
}
