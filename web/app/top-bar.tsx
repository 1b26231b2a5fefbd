// The signed-in frame's top bar (issue #27): the sidebar's toggle, the page's title, and the page's main action, which
// a page puts there with <TopBarAction> (drawn into the bar through a portal, so it stays the page's own element).
import { createContext, useContext, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { SidebarTrigger } from "@/web/components/ui/sidebar";
import { UnreadLink } from "@/web/features/shell/components/unread-link";
import { useCurrentPageTitle } from "@/web/lib/use-page-title";

const ActionSlot = createContext<HTMLElement | null>(null);

export function TopBar({ children }: { children: ReactNode }) {
  const title = useCurrentPageTitle();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur" data-testid="top-bar">
        <SidebarTrigger />
        <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="top-bar-title">
          {title}
        </span>
        <div ref={setSlot} className="flex items-center gap-2" />
        <UnreadLink className="md:hidden" />
      </header>
      <ActionSlot.Provider value={slot}>{children}</ActionSlot.Provider>
    </>
  );
}

/** The page's main action, shown in the top bar while the page is. */
export function TopBarAction({ children }: { children: ReactNode }) {
  const slot = useContext(ActionSlot);
  return slot ? createPortal(children, slot) : null;
}
