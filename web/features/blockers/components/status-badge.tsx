import { CircleCheck, CircleDot, CircleSlash } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { BlockerStatus } from "@/common/blockers";
import { Badge } from "@/web/components/ui/badge";

const looks = {
  open: { variant: "outline", icon: CircleDot },
  resolved: { variant: "green", icon: CircleCheck },
  cancelled: { variant: "gray", icon: CircleSlash },
} as const;

/** Open, resolved or cancelled. */
export function StatusBadge({ status }: { status: BlockerStatus }) {
  const { t } = useTranslation();
  const { variant, icon: Icon } = looks[status];
  return (
    <Badge variant={variant} data-status={status}>
      <Icon aria-hidden="true" />
      {t(`blockers.status.${status}`)}
    </Badge>
  );
}
