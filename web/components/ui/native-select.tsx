import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

/**
 * The browser's own select, styled like Input: the platform's picker on phones, its keyboard and screen-reader
 * behaviour everywhere. The color scheme follows the theme, so its open list is dark in dark mode.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs [color-scheme:light] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-50 dark:bg-input/30 dark:[color-scheme:dark]",
        className,
      )}
      {...props}
    />
  );
}
