// The first reads of a page the server rendered (issue #28): what it read for the frame and the page, put into the query
// cache by this one function on both sides — on the server before it renders, in the browser before it hydrates — under
// the keys the components read, so the two renders draw the same and the browser asks for none of it again.
import type { QueryClient } from "@tanstack/react-query";
import type { BlockerDetail } from "@/web/features/blockers/api/get-blocker";
import { seedDashboard, type Dashboard } from "@/web/features/blockers/api/get-dashboard-list";
import { blockerKeys, type ResolvedFilters } from "@/web/features/blockers/api/blocker-keys";
import type { ResolvedList } from "@/web/features/blockers/api/get-resolved";
import { counterKeys } from "@/web/features/counters/api/get-counters";
import type { Notification } from "@/web/features/notifications/api/list-notifications";
import { notificationKeys } from "@/web/features/notifications/api/notification-keys";
import { profileKeys, type Profile } from "@/web/features/profile/api/get-profile";
import { teamKeys, type Team } from "@/web/features/team/api/team";

/** The page's own read. A blocker that is not there (or not this team's) is drawn as the browser would: not found. */
export type FirstPageRead =
  | { page: "dashboard"; dashboard: Dashboard }
  | { page: "blocker"; id: string; blocker: BlockerDetail | null }
  | { page: "resolved"; filters: ResolvedFilters; resolved: ResolvedList }
  | { page: "notifications"; notifications: Notification[] };

export type FirstReads = {
  profile: Profile;
  team: Team;
  unread: { unread: number };
  /** The waiting counters (on the dashboard they come with its answer). */
  counters: { waitingOnMe: number; imWaitingOn: number };
  page: FirstPageRead;
};

export function seedFirstReads(queryClient: QueryClient, authId: string, reads: FirstReads) {
  queryClient.setQueryData(profileKeys.mine(authId), reads.profile);
  queryClient.setQueryData(teamKeys.all, reads.team);
  queryClient.setQueryData(notificationKeys.unreadCount(), reads.unread);
  queryClient.setQueryData(counterKeys.all, reads.counters);
  const { page } = reads;
  switch (page.page) {
    case "dashboard":
      return seedDashboard(queryClient, page.dashboard);
    case "blocker":
      // Not there: no answer is seeded, and the page reads it (a 404) as the browser would have.
      if (page.blocker) queryClient.setQueryData(blockerKeys.detail(page.id), page.blocker);
      return;
    case "resolved":
      return queryClient.setQueryData(blockerKeys.resolved(page.filters), page.resolved);
    case "notifications":
      return queryClient.setQueryData(notificationKeys.list(), page.notifications);
  }
}
