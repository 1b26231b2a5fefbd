import { Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ComponentProps } from "react";

import { cn } from "@/web/lib/cn";

type SpinnerProps = ComponentProps<"output">;

/** Size it with `className` (e.g. `size-6`); the icon fills the wrapper. <output> carries the implicit status role. */
function Spinner({ className, "aria-label": ariaLabel, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <output
      aria-label={ariaLabel ?? t("ui.loading")}
      data-slot="spinner"
      className={cn("inline-flex size-4 shrink-0", className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className="size-full animate-spin" />
    </output>
  );
}

function FullScreenSpinner({ className, ...props }: SpinnerProps) {
  return (
    <div className="flex min-h-svh w-full items-center justify-center">
      <Spinner className={cn("size-8 text-muted-foreground", className)} {...props} />
    </div>
  );
}

export { Spinner, FullScreenSpinner, type SpinnerProps };
