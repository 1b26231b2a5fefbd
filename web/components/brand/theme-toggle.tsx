import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { nextTheme, useTheme } from "@/web/lib/theme";

const icons = { system: Monitor, light: Sun, dark: Moon } as const;

/** What any theme switch shows: the current theme's icon and name, and a label saying what a press does. */
export function useThemeToggle() {
  const { t } = useTranslation();
  const { theme, cycleTheme } = useTheme();
  return {
    theme,
    cycleTheme,
    Icon: icons[theme],
    name: t(`theme.${theme}`),
    label: t("theme.toggle", { current: t(`theme.${theme}`), next: t(`theme.${nextTheme(theme)}`) }),
  };
}

/** The public pages' theme switch: one icon button that cycles system → light → dark. */
export function ThemeToggle() {
  const { theme, cycleTheme, Icon, label } = useThemeToggle();
  return (
    <Button variant="ghost" size="icon" onClick={cycleTheme} aria-label={label} title={label} data-theme-choice={theme}>
      <Icon className="size-4" aria-hidden="true" />
    </Button>
  );
}
