// Several teams per person (docs/decisions/029-several-teams.md): every request names the team it acts in, so two
// tabs on two teams never act in each other's team. The browser and the server share these names.

/** The header naming the team a request acts in (an EventSource cannot send headers: it uses `TEAM_QUERY`). */
export const TEAM_HEADER = "x-holdup-team";
/** The query parameter naming the team, for requests that cannot carry a header (the live event stream). */
export const TEAM_QUERY = "team";
/**
 * At most this many teams per person. Nobody works in more; a bound keeps one account from creating teams
 * without end (every team is rows, a slug, an owner's mail).
 */
export const MAX_TEAMS_PER_PERSON = 20;

/** Where the browser keeps the team a tab acts in (session storage; local storage for the last one chosen). */
export const TEAM_STORAGE_KEY = "holdup.team";

/** A team's three roles, compared as written (owner, admin, member): the server and the web app share them. */
export const teamRoles = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof teamRoles)[number];
