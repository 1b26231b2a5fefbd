import { ArrowDown, ArrowUp, Minus, TriangleAlert, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { BlockerPriority } from "@/common/blockers";
import { Badge } from "@/web/components/ui/badge";

const looks = {
  urgent: { variant: "red", icon: TriangleAlert },
  high: { variant: "amber", icon: ArrowUp },
  normal: { variant: "blue", icon: Minus },
  low: { variant: "gray", icon: ArrowDown },
} as const satisfies Record<BlockerPriority, { variant: "red" | "amber" | "blue" | "gray"; icon: LucideIcon }>;

export function PriorityBadge({ priority }: { priority: BlockerPriority }) {
  const { t } = useTranslation();
  const { variant, icon: Icon } = looks[priority];
  return (
    <Badge variant={variant} data-priority={priority}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{t("blockers.priority.label")}: </span>
      {t(`blockers.priority.${priority}`)}
    </Badge>
  );
}
