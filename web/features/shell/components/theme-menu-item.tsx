import { useTranslation } from "react-i18next";
import { useThemeToggle } from "@/web/components/brand/theme-toggle";
import { SidebarMenuButton, SidebarMenuItem } from "@/web/components/ui/sidebar";

/** The sidebar's theme switch: cycles system → light → dark, showing the current choice. */
export function ThemeMenuItem() {
  const { t } = useTranslation();
  const { theme, cycleTheme, Icon, name, label } = useThemeToggle();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton onClick={cycleTheme} tooltip={label} aria-label={label} data-theme-choice={theme}>
        <Icon aria-hidden="true" />
        <span>{t("theme.label", { theme: name })}</span>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}
