// "Invite teammates": every member may invite (decision 022). In the sidebar's team card and as Access's main action.
import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";

export function InviteTeammatesLink({ variant, className }: { variant?: "outline"; className?: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild size="sm" variant={variant} className={className}>
      <Link to={paths.organizationInvites}>
        <UserPlus aria-hidden="true" />
        {t("sidebar.team.invite")}
      </Link>
    </Button>
  );
}
