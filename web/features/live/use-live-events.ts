// Live updates: one EventSource on /api/events for the signed-in app; each `change` marks the affected reads
// stale, so what is on screen refetches by itself.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { TEAM_QUERY } from "@/common/teams";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { teamsKeys } from "@/web/features/team/api/team";
import { usePageDrawnByServer } from "@/web/app/first-render";
import { fetchInTeam } from "@/web/lib/api-client";
import { useCurrentTeamId } from "@/web/lib/current-team";
import { allLiveKeys, parseLiveEvent, reconnectDelay, staleKeysFor } from "./live-event-keys";

const EVENTS_URL = "/api/events";
/** A cheap authenticated read, to tell "signed out" from "server away" when the stream is refused. */
const SESSION_PROBE_URL = "/api/notifications/unread-count";

/**
 * Whether changes reach this page live right now: `data-live="ready"` on the document once the server has subscribed
 * the stream (its `ready`), removed while it is down. What a "live" indicator would show, and what the browser tests
 * wait for before another person acts (the stream's answer starts before the server has subscribed it).
 */
function markLive(live: boolean) {
  if (live) document.documentElement.dataset.live = "ready";
  else delete document.documentElement.dataset.live;
}

/** The stream of the team this tab acts in; switching teams opens the new team's. */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  const teamId = useCurrentTeamId();
  // A page the server drew was read before this stream opens: the first stream asks for what it missed since
  // (issue #28), instead of the page reading everything again.
  const drawn = usePageDrawnByServer();
  const missedSince = useRef(drawn ? { since: Date.parse(drawn.renderedAt), on: drawn.readOn, teamId: drawn.teamId } : undefined);
  useEffect(() => {
    const query = new URLSearchParams(teamId === null ? {} : { [TEAM_QUERY]: teamId });
    const missed = missedSince.current;
    if (missed && teamId === missed.teamId) {
      query.set("since", String(missed.since));
      query.set("on", missed.on);
    }
    const firstUrl = query.size === 0 ? EVENTS_URL : `${EVENTS_URL}?${query.toString()}`;
    query.delete("since");
    query.delete("on");
    const url = query.size === 0 ? EVENTS_URL : `${EVENTS_URL}?${query.toString()}`;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;

    const invalidate = (keys: readonly (readonly unknown[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    // The browser retries a dropped stream by itself, but gives up for good on an answer that is not a stream
    // (a 401 once the session ended, a 502 while the server restarts). Retry then, backing off, unless signed out.
    const retryLater = async () => {
      const status = await fetchInTeam(SESSION_PROBE_URL, { credentials: "same-origin" }).then(
        (response) => response.status,
        () => 0,
      );
      if (stopped) return;
      if (status === 401 || status === 403) {
        // Signed out, or in no team: the guards see it and go to the sign-in page or onboarding. (Not in this tab's
        // team any more: fetchInTeam forgot it and asked again, and the stream reopens for the person's first team.)
        invalidate([profileKeys.all, teamsKeys.all]);
        return;
      }
      retryTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };

    const reconnectWhenLookedAt = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", reconnectWhenLookedAt);
      window.removeEventListener("focus", reconnectWhenLookedAt);
      if (!stopped) connect();
    };
    const waitToBeLookedAt = () => {
      document.addEventListener("visibilitychange", reconnectWhenLookedAt);
      window.addEventListener("focus", reconnectWhenLookedAt);
    };

    function connect() {
      source = new EventSource(connectedBefore ? url : firstUrl, { withCredentials: true });
      source.addEventListener("ready", () => {
        markLive(true);
        missedSince.current = undefined;
        if (connectedBefore) invalidate(allLiveKeys);
        connectedBefore = true;
        attempt = 0;
      });
      source.addEventListener("change", (message: MessageEvent<string>) => {
        const event = parseLiveEvent(message.data);
        if (event) invalidate(staleKeysFor(event));
      });
      // A newer stream of this person (another tab: the server keeps ten) took this one's place. Reconnecting at
      // once would close another tab's; this tab reconnects, and reads again what it missed, when it is next looked at.
      source.addEventListener("reconnect", () => {
        markLive(false);
        source?.close();
        waitToBeLookedAt();
      });
      source.addEventListener("error", () => {
        markLive(false);
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        void retryLater();
      });
    }

    connect();
    return () => {
      stopped = true;
      markLive(false);
      clearTimeout(retryTimer);
      document.removeEventListener("visibilitychange", reconnectWhenLookedAt);
      window.removeEventListener("focus", reconnectWhenLookedAt);
      source?.close();
    };
  }, [queryClient, teamId]);
}
