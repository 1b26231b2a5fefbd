import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { unreadCountQueryOptions } from "./get-unread-count";
import { markBlockerNotificationsRead } from "./mark-read";
import { useMarkRead } from "./use-mark-read";

/**
 * Opening a blocker reads my notifications about it, as Linear and GitHub do; so does a change that arrives while
 * it is open (`loadedAt`: when its page last loaded it). Nothing is sent while I have nothing unread.
 */
export function useReadOnOpen(blockerId: string, loadedAt: number) {
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  const { mutate } = useMarkRead(markBlockerNotificationsRead);
  const readUpTo = useRef(0);
  useEffect(() => {
    if (loadedAt === 0 || unread === 0 || loadedAt <= readUpTo.current) return;
    readUpTo.current = loadedAt;
    mutate(blockerId);
  }, [blockerId, loadedAt, unread, mutate]);
}
