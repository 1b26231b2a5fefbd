// The plans (DESIGN.md §7): what Free allows, what Plus costs. Shared by the server's limits and the billing page.
export { FREE_BLOCKERS_PER_DAY } from "./blocker-values.ts";

export const FREE_MEMBERS = 5;
export const FREE_INTEGRATIONS = 2;
/** Plus, per team and month, in cents (Stripe's unit): $29. */
export const PLUS_PRICE_CENTS = 2900;
