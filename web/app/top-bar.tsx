// The signed-in frame's top bar (issue #27): the sidebar's toggle, the page's title, and the page's main action. A page
// module names its action by exporting `PageAction`, which the route table puts in the route's handle: the bar draws it
// in the same render as the page — on the server too (issue #28) — rather than through a portal filled after it.
import { useMatches } from "react-router";
import type { ComponentType, ReactElement } from "react";
import { SidebarTrigger } from "@/web/components/ui/sidebar";
import { UnreadLink } from "@/web/features/shell/components/unread-link";
import { useCurrentPageTitle } from "@/web/lib/use-page-title";

/** What a page module gives the frame besides itself. */
export type PageModule = { default: ComponentType; PageAction?: ComponentType };
/** A route's handle: the page's main action, drawn once when the page's code loads, when it has one. */
export type PageHandle = { pageAction?: ReactElement | undefined };

/** The main action of the page on screen (the deepest route that names one). */
function usePageAction() {
  return useMatches()
    .map((match) => (match.handle as PageHandle | undefined)?.pageAction)
    .findLast((action) => action !== undefined);
}

export function TopBar() {
  const title = useCurrentPageTitle();
  const pageAction = usePageAction();
  return (
    <header className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur" data-testid="top-bar">
      <SidebarTrigger />
      <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="top-bar-title">
        {title}
      </span>
      <div className="flex items-center gap-2">{pageAction}</div>
      <UnreadLink className="md:hidden" />
    </header>
  );
}
