// The signed-in frame: the sidebar, a slim top bar (its toggle, the page's title and main action; on a phone, where
// the sidebar is a drawer, unread notifications too), and the page.
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { AppSidebar } from "@/web/features/shell/components/app-sidebar";
import { ShortcutsProvider } from "@/web/features/shortcuts/components/shortcuts-provider";
import { SidebarInset, SidebarProvider } from "@/web/components/ui/sidebar";
import { useLiveEvents } from "@/web/features/live/use-live-events";
import { useFirstRender } from "./first-render";
import { TopBar } from "./top-bar";

/** The sidebar starts as it was left: the `sidebar_state` cookie (kept 7 days) says open or collapsed. */
function readSidebarOpen(): boolean {
  // On the server there is no document: open, as a first visit is (a page the server draws says how it was left).
  if (typeof document === "undefined") return true;
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
  const first = useFirstRender();
  return (
    <ShortcutsProvider>
      <SidebarProvider defaultOpen={first?.sidebarOpen ?? readSidebarOpen()}>
        <AppSidebar />
        <SidebarInset>
          <TopBar />
          {children}
        </SidebarInset>
      </SidebarProvider>
    </ShortcutsProvider>
  );
}
