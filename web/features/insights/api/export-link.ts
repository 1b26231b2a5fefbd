// A CSV export is a plain link (the browser downloads it, no script in between): it names the table, the view, and
// the team this tab acts in, as ?team= (a link cannot send the X-Holdup-Team header).
import { TEAM_QUERY } from "@/common/teams";
import { currentTeamId } from "@/web/lib/current-team";
import type { TeamInsightView } from "./insight-keys";

export function exportHref(report: "me" | "team", table: string, view: TeamInsightView): string {
  const query = new URLSearchParams({ table });
  for (const [name, value] of Object.entries(view)) if (value) query.set(name, value);
  const team = currentTeamId();
  if (team) query.set(TEAM_QUERY, team);
  return `/api/insights/${report}/export?${query.toString()}`;
}
