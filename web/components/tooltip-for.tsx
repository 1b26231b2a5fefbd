// One tooltip around one trigger, with its own provider. Loaded by LazyTooltip (./lazy-tooltip.tsx), never with a
// page: the positioning code (floating-ui) is a tenth of a signed-in page's first download (docs/benchmarks.md).
import { useLayoutEffect, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/web/components/ui/tooltip";

export type TooltipForProps = { children: ReactElement; content: ReactNode } & Pick<ComponentProps<typeof TooltipContent>, "side" | "align">;

/** `reached`: how the trigger was reached while this code loaded (LazyTooltip), if it was. */
export default function TooltipFor({ children, content, side, align, reached = null }: TooltipForProps & { reached?: "pointer" | "focus" | null }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // How it was reached when this first drew; later changes are the tooltip's own business.
  const [reachedAtFirst] = useState(reached);
  // The trigger is a new element: focus that was on the one drawn before comes to it (and opens the tooltip).
  useLayoutEffect(() => {
    if (reachedAtFirst === "focus") trigger.current?.focus();
  }, [reachedAtFirst]);
  return (
    <TooltipProvider>
      <Tooltip defaultOpen={reachedAtFirst === "pointer"}>
        <TooltipTrigger asChild ref={trigger}>
          {children}
        </TooltipTrigger>
        <TooltipContent side={side} align={align}>
          {content}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
