// The signed-in sidebar (specification §2): navigation, the Settings group, support, theme, the team and profile cards.
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, CirclePlus, CheckCheck, ChartColumn, Bell, House, LifeBuoy, Search, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { paths } from "@/common/paths";
import { Logo } from "@/web/components/brand/logo";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/web/components/ui/collapsible";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarRail,
  SidebarSeparator,
} from "@/web/components/ui/sidebar";
import { unreadCountQueryOptions } from "@/web/features/notifications/api/get-unread-count";
import { useShortcuts } from "@/web/features/shortcuts/components/shortcuts-provider";
import { ProfileCard } from "./profile-card";
import { TeamCard } from "./team-card";
import { ThemeMenuItem } from "./theme-menu-item";

const mainEntries = [
  { to: paths.dashboard, label: "sidebar.home", icon: House },
  { to: paths.addBlocker, label: "sidebar.addBlocker", icon: CirclePlus },
  { to: paths.resolved, label: "sidebar.resolved", icon: CheckCheck },
  { to: paths.insights, label: "sidebar.insights", icon: ChartColumn },
  { to: paths.notifications, label: "sidebar.notifications", icon: Bell },
] as const;

const organizationEntries = [
  { to: paths.organizationAccess, label: "sidebar.access" },
  { to: paths.organizationBilling, label: "sidebar.billing" },
  { to: paths.organizationIntegrations, label: "sidebar.integrations" },
  { to: paths.organizationInvites, label: "sidebar.invites" },
] as const;

export function AppSidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const inSettings = pathname.startsWith(paths.settings) || pathname.startsWith(paths.organization);
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  const { openSearch } = useShortcuts();

  return (
    <Sidebar collapsible="icon" aria-label={t("sidebar.label")}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Holdup">
              <Link to={paths.home} aria-label={t("sidebar.logo")}>
                <Logo />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupContent>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton tooltip={t("sidebar.search")} onClick={openSearch} aria-keyshortcuts="Control+K Meta+K /">
                  <Search aria-hidden="true" />
                  <span>{t("sidebar.search")}</span>
                  <kbd aria-hidden="true" className="ml-auto rounded border bg-sidebar px-1.5 font-mono text-[10px] text-muted-foreground group-data-[collapsible=icon]:hidden">
                    Ctrl K
                  </kbd>
                </SidebarMenuButton>
              </SidebarMenuItem>
              {mainEntries.map(({ to, label, icon: Icon }) => (
                <SidebarMenuItem key={to}>
                  <SidebarMenuButton asChild isActive={pathname === to} tooltip={t(label)}>
                    <NavLink to={to}>
                      <Icon aria-hidden="true" />
                      <span>{t(label)}</span>
                      {to === paths.notifications && unread > 0 && <span className="sr-only">{t("sidebar.unread", { count: unread })}</span>}
                    </NavLink>
                  </SidebarMenuButton>
                  {to === paths.notifications && unread > 0 && (
                    // Collapsed to icons, the count has no room: a dot on the bell says there is something.
                    <span aria-hidden="true" data-testid="notifications-dot" className="pointer-events-none absolute top-1.5 left-5 hidden size-2 rounded-full bg-primary ring-2 ring-sidebar group-data-[collapsible=icon]:block" />
                  )}
                  {to === paths.notifications && unread > 0 && (
                    <SidebarMenuBadge aria-hidden="true" data-testid="notifications-badge" className="bg-primary text-primary-foreground peer-hover/menu-button:text-primary-foreground peer-data-[active=true]/menu-button:text-primary-foreground">
                      {unread > 99 ? "99+" : unread}
                    </SidebarMenuBadge>
                  )}
                </SidebarMenuItem>
              ))}
              <Collapsible asChild defaultOpen={inSettings} className="group/settings">
                <SidebarMenuItem>
                  <CollapsibleTrigger asChild>
                    <SidebarMenuButton tooltip={t("sidebar.settings")}>
                      <Settings aria-hidden="true" />
                      <span>{t("sidebar.settings")}</span>
                      <ChevronRight aria-hidden="true" className="ml-auto transition-transform group-data-[state=open]/settings:rotate-90" />
                    </SidebarMenuButton>
                  </CollapsibleTrigger>
                  <CollapsibleContent>
                    <SidebarMenuSub>
                      <SidebarMenuSubItem>
                        <SidebarMenuSubButton asChild isActive={pathname === paths.settingsPersonal}>
                          <NavLink to={paths.settingsPersonal}>{t("sidebar.personal")}</NavLink>
                        </SidebarMenuSubButton>
                      </SidebarMenuSubItem>
                      <SidebarMenuSubItem>
                        <span className="px-2 pt-2 text-xs font-medium text-sidebar-foreground/70">{t("sidebar.organization")}</span>
                      </SidebarMenuSubItem>
                      {organizationEntries.map(({ to, label }) => (
                        <SidebarMenuSubItem key={to}>
                          <SidebarMenuSubButton asChild isActive={pathname === to}>
                            <NavLink to={to}>{t(label)}</NavLink>
                          </SidebarMenuSubButton>
                        </SidebarMenuSubItem>
                      ))}
                    </SidebarMenuSub>
                  </CollapsibleContent>
                </SidebarMenuItem>
              </Collapsible>
              <SidebarMenuItem>
                <SidebarMenuButton asChild tooltip={t("sidebar.support")}>
                  <a href={paths.support} target="_blank" rel="noopener noreferrer">
                    <LifeBuoy aria-hidden="true" />
                    <span>{t("sidebar.support")}</span>
                    <span className="sr-only">{t("common.opensInNewTab")}</span>
                  </a>
                </SidebarMenuButton>
              </SidebarMenuItem>
              <ThemeMenuItem />
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <TeamCard />
        <SidebarSeparator />
        <ProfileCard />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
