// The stripe library, configured from STRIPE_SECRET_KEY; STRIPE_API_BASE points it at a stand-in in tests (the
// library's own `host`, `port` and `protocol` options), unset it talks to api.stripe.com.
import { Stripe } from "stripe";
import type { Config } from "../../config.ts";

export type StripeClient = Stripe;

export function createStripeClient(stripe: NonNullable<Config["stripe"]>): StripeClient {
  const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined;
  const protocol = base?.protocol === "http:" ? "http" : "https";
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (protocol === "http" ? 80 : 443)), protocol } : {}),
  });
}
