// Who may give which of a team's roles (better-auth's organization plugin enforces the same; Holdup asks first, so the
// page offers only what will be allowed and a refusal says why in Holdup's words). The roles: common/teams.ts.
import type { TeamRole } from "../../../common/teams.ts";

/**
 * The roles `actor` may give someone who holds `target` (an empty list: they may not change it, nor remove them).
 * Owners change anyone's; admins change admins' and members', never to or from owner; members change none.
 * Nobody changes their own: the caller leaves the person themselves out.
 */
export function assignableRoles(actor: TeamRole, target: TeamRole): TeamRole[] {
  if (actor === "owner") return ["owner", "admin", "member"];
  if (actor === "admin" && target !== "owner") return ["admin", "member"];
  return [];
}
