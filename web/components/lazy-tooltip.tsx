// A tooltip whose code loads when one is first shown on the page: the trigger is drawn alone until then (a moment
// after the first render), then with its tooltip (./tooltip-for.tsx). Whoever reached the trigger in that moment
// is not let down: a pointer already on it opens the tooltip, and focus on it moves to the trigger drawn anew.
import { cloneElement, lazy, Suspense, useState, type FocusEvent, type PointerEvent, type ReactElement } from "react";
import { composeHandlers } from "@/web/lib/compose-handlers";
import type { TooltipForProps } from "./tooltip-for";

const TooltipFor = lazy(() => import("./tooltip-for"));

type TriggerHandlers = { onPointerEnter?: (event: PointerEvent) => void; onPointerLeave?: (event: PointerEvent) => void; onFocus?: (event: FocusEvent) => void; onBlur?: (event: FocusEvent) => void };

export function LazyTooltip(props: TooltipForProps) {
  const [reached, setReached] = useState<"pointer" | "focus" | null>(null);
  const trigger = props.children as ReactElement<TriggerHandlers>;
  const own = trigger.props;
  const reach = (how: "pointer" | "focus" | null) => () => setReached(how);
  const fallback = cloneElement(trigger, {
    onPointerEnter: composeHandlers(own.onPointerEnter, reach("pointer")),
    onPointerLeave: composeHandlers(own.onPointerLeave, reach(null)),
    onFocus: composeHandlers(own.onFocus, reach("focus")),
    onBlur: composeHandlers(own.onBlur, reach(null)),
  });
  return (
    <Suspense fallback={fallback}>
      <TooltipFor {...props} reached={reached} />
    </Suspense>
  );
}
