// The signed-in frame: the sidebar, a slim top bar with its toggle, and the page. On a phone, where the sidebar is
// a drawer, the top bar also names the page and shows unread notifications.
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { AppSidebar } from "@/web/features/shell/components/app-sidebar";
import { UnreadLink } from "@/web/features/shell/components/unread-link";
import { ShortcutsProvider } from "@/web/features/shortcuts/components/shortcuts-provider";
import { useCurrentPageTitle } from "@/web/lib/use-page-title";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/web/components/ui/sidebar";
import { useLiveEvents } from "@/web/features/live/use-live-events";

/** The sidebar starts as it was left: the `sidebar_state` cookie (kept 7 days) says open or collapsed. */
function readSidebarOpen(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=([^;]*)/);
  return match?.[1] !== "false";
}

export default function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/** The frame around a signed-in page; also around the not-found page when a signed-in person reaches one. */
export function AppFrame({ children }: { children: ReactNode }) {
  useLiveEvents();
  const title = useCurrentPageTitle();
  return (
    <ShortcutsProvider>
      <SidebarProvider defaultOpen={readSidebarOpen()}>
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
            <SidebarTrigger />
            <span className="min-w-0 flex-1 truncate text-sm font-medium md:hidden" data-testid="top-bar-title">
              {title}
            </span>
            <UnreadLink className="md:hidden" />
          </header>
          {children}
        </SidebarInset>
      </SidebarProvider>
    </ShortcutsProvider>
  );
}
