// The plan picked on the pricing section (/signup?plan=plus), kept through sign-up and onboarding: a new team that
// chose Plus goes on to Stripe Checkout once onboarding is done (web/features/billing/api/checkout-for-chosen-plan.ts).
const CHOSEN_PLAN_KEY = "holdup.chosen-plan";
const plans = ["free", "plus"] as const;
export type Plan = (typeof plans)[number];

export function rememberChosenPlan(plan: string | null) {
  if (!plans.includes(plan as Plan)) return;
  try {
    localStorage.setItem(CHOSEN_PLAN_KEY, plan as Plan);
  } catch {
    // storage blocked: the billing page will simply not preselect a plan
  }
}

export function readChosenPlan(): Plan | undefined {
  try {
    const plan = localStorage.getItem(CHOSEN_PLAN_KEY);
    return plans.includes(plan as Plan) ? (plan as Plan) : undefined;
  } catch {
    return undefined;
  }
}

/** The choice has been acted on (Checkout opened after onboarding, or there was nothing to buy): not again. */
export function forgetChosenPlan() {
  try {
    localStorage.removeItem(CHOSEN_PLAN_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}
