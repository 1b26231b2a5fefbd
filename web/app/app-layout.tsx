// The signed-in frame: the sidebar, a slim top bar with its toggle, and the page.
import { Outlet } from "react-router";
import { AppSidebar } from "@/web/features/shell/components/app-sidebar";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/web/components/ui/sidebar";
import { useLiveEvents } from "@/web/features/live/use-live-events";

/** The sidebar starts as it was left: the `sidebar_state` cookie (kept 7 days) says open or collapsed. */
function readSidebarOpen(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=([^;]*)/);
  return match?.[1] !== "false";
}

export default function AppLayout() {
  useLiveEvents();
  return (
    <SidebarProvider defaultOpen={readSidebarOpen()}>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
          <SidebarTrigger />
        </header>
        <Outlet />
      </SidebarInset>
    </SidebarProvider>
  );
}
