// A stand-in for Stripe, which cannot be reached from here: a local HTTP server speaking the few endpoints Holdup
// uses, with Stripe's documented shapes (form-encoded requests, JSON objects with `object` and `id`), its hosted
// Checkout and customer portal as two small pages, and webhook events signed the way Stripe signs them
// (`stripe.webhooks.generateTestHeaderString`). The stripe library reaches it through STRIPE_API_BASE.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Stripe } from "stripe";
import { keepIdleConnectionsLongerThanClients } from "../http/keep-alive.ts";

type StripeObject = Record<string, unknown> & { id: string; object: string };
export type SentEvent = { id: string; type: string; status: number };

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (`a[b][0][c]=d`) read back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1] ?? "") ? ({} as Record<string, unknown>) : {}) as Record<string, unknown>;
    });
  }
  return root;
}

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startStripeStandIn(options: { webhookSecret: string; webhookUrl?: string }) {
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const portals = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const sent: SentEvent[] = [];
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  let webhookUrl = options.webhookUrl;
  const stripe = new Stripe("sk_test_stand_in");

  const json = (response: ServerResponse, status: number, value: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(value));
  };
  const page = (response: ServerResponse, title: string, form: string) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${form}</main></body></html>`);
  };
  const notFound = (response: ServerResponse) => json(response, 404, { error: { type: "invalid_request_error", message: "No such object" } });

  /** Builds a signed event about `object` and delivers it to the webhook URL; returns what the app answered. */
  async function sendEvent(type: string, object: StripeObject, delivery: { signature?: string; payload?: string } = {}): Promise<SentEvent> {
    const event = { id: idOf("evt"), object: "event", type, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, api_version: "2025-01-01", pending_webhooks: 1 };
    return deliver(event, delivery);
  }

  async function deliver(event: { id: string; type: string }, delivery: { signature?: string; payload?: string } = {}): Promise<SentEvent> {
    if (!webhookUrl) throw new Error("the stand-in has no webhook URL to deliver to");
    const payload = delivery.payload ?? JSON.stringify(event);
    const signature = delivery.signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const answer = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    const record = { id: event.id, type: event.type, status: answer.status };
    sent.push(record);
    return record;
  }

  function subscribe(session: StripeObject): StripeObject {
    const now = Math.floor(Date.now() / 1000);
    const lineItems = (session.line_items ?? {}) as Record<string, { price_data?: Record<string, unknown>; price?: string; quantity?: string }>;
    const subscription: StripeObject = {
      id: idOf("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      cancel_at_period_end: false,
      created: now,
      metadata: ((session.subscription_data as Record<string, unknown> | undefined)?.metadata ?? {}) as Record<string, string>,
      // The period is on the items in Stripe's current API.
      items: {
        object: "list",
        data: Object.values(lineItems).map((item) => ({ id: idOf("si"), object: "subscription_item", price: item.price ?? item.price_data, quantity: Number(item.quantity ?? 1), current_period_start: now, current_period_end: now + 30 * 24 * 60 * 60 })),
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const body = parseStripeForm(await bodyOf(request));
      requests.push({ method: request.method ?? "GET", path: url.pathname, body });
      const [, first, second, third] = url.pathname.split("/");
      // The API (what the stripe library calls).
      if (first === "v1") {
        if (request.headers.authorization !== "Bearer sk_test_holdup") return json(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        if (request.method === "POST" && second === "customers" && !third) {
          const customer = { id: idOf("cus"), object: "customer", email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
          customers.set(customer.id, customer);
          return json(response, 200, customer);
        }
        if (request.method === "POST" && second === "checkout" && third === "sessions") {
          const id = idOf("cs_test");
          const session = { ...body, id, object: "checkout.session", status: "open", payment_status: "unpaid", subscription: null, url: `${address()}/checkout/${id}` };
          sessions.set(id, session);
          return json(response, 200, session);
        }
        if (request.method === "POST" && second === "billing_portal" && third === "sessions") {
          const id = idOf("bps");
          const portal = { id, object: "billing_portal.session", customer: body.customer, return_url: body.return_url, url: `${address()}/portal/${id}` };
          portals.set(id, portal);
          return json(response, 200, portal);
        }
        if (request.method === "GET" && second === "subscriptions" && third) {
          const subscription = subscriptions.get(third);
          return subscription ? json(response, 200, subscription) : notFound(response);
        }
        return notFound(response);
      }
      // Checkout, hosted: pay (a subscription is made, its events sent) and go back to the app.
      if (first === "checkout" && second) {
        const session = sessions.get(second);
        if (!session) return notFound(response);
        if (request.method === "GET") return page(response, "Pay Holdup Plus", `<p>$29.00 per month</p><form method="post" action="/checkout/${second}/pay"><button type="submit">Subscribe</button></form>`);
        if (request.method === "POST" && third === "pay") {
          const subscription = subscribe(session);
          const completed = { ...session, status: "complete", payment_status: "paid", subscription: subscription.id };
          sessions.set(second, completed);
          await sendEvent("checkout.session.completed", completed);
          await sendEvent("customer.subscription.created", subscription);
          response.writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", second) });
          return response.end();
        }
      }
      // The customer portal, hosted: cancel the plan, and go back.
      if (first === "portal" && second) {
        const portal = portals.get(second);
        if (!portal) return notFound(response);
        if (request.method === "GET") return page(response, "Manage your plan", `<form method="post" action="/portal/${second}/cancel"><button type="submit">Cancel plan</button></form><p><a href="${String(portal.return_url)}">Return to Holdup</a></p>`);
        if (request.method === "POST" && third === "cancel") {
          for (const subscription of subscriptions.values()) {
            if (subscription.customer !== portal.customer) continue;
            const canceled = { ...subscription, status: "canceled", ended_at: Math.floor(Date.now() / 1000) };
            subscriptions.set(subscription.id, canceled);
            await sendEvent("customer.subscription.deleted", canceled);
          }
          response.writeHead(303, { location: String(portal.return_url) });
          return response.end();
        }
      }
      return notFound(response);
    })().catch((error: unknown) => json(response, 500, { error: { type: "api_error", message: String(error) } }));
  });
  keepIdleConnectionsLongerThanClients(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: address(),
    /** The key Holdup must be configured with: the stand-in refuses any other, as Stripe would. */
    secretKey: "sk_test_holdup",
    webhookSecret: options.webhookSecret,
    setWebhookUrl: (url: string) => void (webhookUrl = url),
    customers,
    sessions,
    subscriptions,
    sent,
    requests,
    sendEvent,
    deliver,
    /** Changes a subscription as Stripe would (a payment failed, a renewal), without sending anything. */
    updateSubscription: (id: string, changes: Record<string, unknown>) => {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      const updated = { ...subscription, ...changes };
      subscriptions.set(id, updated);
      return updated;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
