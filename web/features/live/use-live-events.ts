// Live updates: one EventSource on /api/events for the signed-in app; each `change` marks the affected reads
// stale, so what is on screen refetches by itself.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { allLiveKeys, parseLiveEvent, reconnectDelay, staleKeysFor } from "./live-event-keys";

const EVENTS_URL = "/api/events";
/** A cheap authenticated read, to tell "signed out" from "server away" when the stream is refused. */
const SESSION_PROBE_URL = "/api/notifications/unread-count";

export function useLiveEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
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
      const status = await fetch(SESSION_PROBE_URL, { credentials: "same-origin" }).then(
        (response) => response.status,
        () => 0,
      );
      if (stopped) return;
      if (status === 401 || status === 403) {
        invalidate([profileKeys.all]); // the guards see the session is gone and go to the sign-in page
        return;
      }
      retryTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };

    function connect() {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.addEventListener("ready", () => {
        if (connectedBefore) invalidate(allLiveKeys);
        connectedBefore = true;
        attempt = 0;
      });
      source.addEventListener("change", (message: MessageEvent<string>) => {
        const event = parseLiveEvent(message.data);
        if (event) invalidate(staleKeysFor(event));
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        void retryLater();
      });
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);
}
