// The profile card's sign-out menu: everywhere (the default) or only this device. Loaded when first used
// (web/components/load-on-use.tsx).
import { useTranslation } from "react-i18next";
import type { SignOutScope } from "@/common/auth-rules";
import type { OpenableProps } from "@/web/components/load-on-use";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";

export default function SignOutMenu({ trigger, defaultOpen, onSignOut }: OpenableProps & { onSignOut: (scope: SignOutScope) => void }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="end">
        <DropdownMenuLabel>{t("sidebar.profile.signOut")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onSignOut("global")}>{t("sidebar.profile.signOutEverywhere")}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onSignOut("local")}>{t("sidebar.profile.signOutThisDevice")}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
