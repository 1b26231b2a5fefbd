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

const iconColours = { urgent: "text-red-600 dark:text-red-400", high: "text-amber-600 dark:text-amber-400", normal: "text-muted-foreground", low: "text-muted-foreground/70" } as const;

/** The priority as an icon, for dense rows: its name for screen readers and as a tooltip. */
export function PriorityIcon({ priority }: { priority: BlockerPriority }) {
  const { t } = useTranslation();
  const Icon = looks[priority].icon;
  const name = t(`blockers.priority.${priority}`);
  return (
    <span className={`inline-flex size-4 shrink-0 items-center justify-center ${iconColours[priority]}`} title={name} data-priority={priority}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">
        {t("blockers.priority.label")}: {name}
      </span>
    </span>
  );
}
