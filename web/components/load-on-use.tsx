// A menu or dialog whose code loads the first time its trigger is used, not with the page: until then the trigger
// is drawn alone. Hovering or focusing it starts the download; pressing it (a click, Enter or Space, or ArrowDown on a
// menu's) loads the code if need be and opens what it loaded. Radix's overlays (positioning, focus trapping, scroll
// locking) are a third of a signed-in page's first download otherwise (docs/benchmarks.md).
import { cloneElement, lazy, Suspense, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement } from "react";
import { composeHandlers } from "@/web/lib/compose-handlers";

/** What a lazily loaded overlay takes: its trigger (a button), and whether it starts open. */
export type OpenableProps = { trigger: ReactElement<TriggerProps>; defaultOpen?: boolean };

type TriggerProps = {
  onClick?: (event: MouseEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onPointerEnter?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  "aria-haspopup"?: "menu" | "dialog";
  "aria-expanded"?: boolean;
};

export function loadOnUse<P extends OpenableProps>(load: () => Promise<{ default: ComponentType<P> }>, popup: "menu" | "dialog") {
  const Loaded = lazy(load);
  return function LoadOnUse(props: P) {
    const [used, setUsed] = useState(false);
    if (used) {
      return (
        <Suspense fallback={props.trigger}>
          <Loaded {...props} defaultOpen />
        </Suspense>
      );
    }
    const own = props.trigger.props;
    const prefetch = () => void load();
    return cloneElement(props.trigger, {
      "aria-haspopup": popup,
      "aria-expanded": false,
      onPointerEnter: composeHandlers(own.onPointerEnter, prefetch),
      onFocus: composeHandlers(own.onFocus, prefetch),
      onClick: composeHandlers(own.onClick, () => setUsed(true)),
      onKeyDown: composeHandlers(own.onKeyDown, (event: KeyboardEvent) => {
        // A menu's trigger also opens with ArrowDown, as Radix's does (Enter and Space arrive as a click).
        if (popup !== "menu" || event.key !== "ArrowDown") return;
        event.preventDefault();
        setUsed(true);
      }),
    });
  };
}
