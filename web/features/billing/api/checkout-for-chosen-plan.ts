// The end of onboarding for someone who came from the Plus button (/signup?plan=plus): their new team goes on to
// Stripe Checkout, where payments are set up and the team is on Free. Self-hosted (no payment provider) every team
// already has Plus: nothing to buy, the dashboard it is.
import { api, unwrap } from "@/web/lib/api-client";
import { forgetChosenPlan, readChosenPlan } from "@/web/lib/chosen-plan";
import { startCheckout } from "./billing";

/** Checkout's address when the person chose Plus and can buy it for their team; otherwise undefined. */
export async function checkoutForChosenPlan(): Promise<string | undefined> {
  if (readChosenPlan() !== "plus") return undefined;
  forgetChosenPlan();
  const billing = await unwrap(api.billing.$get());
  if (billing.provider !== "stripe" || !billing.canManage || billing.plan !== "free") return undefined;
  return (await startCheckout()).url;
}
