// A menu or dialog whose code loads the first time its trigger is used, not with the page: until then the trigger
// is drawn alone. Hovering or focusing it starts the download; pressing it (a click, Enter or Space, or ArrowDown on a
// menu's) loads the code if need be and opens what it loaded. Radix's overlays (positioning, focus trapping, scroll
// locking) are a third of a signed-in page's first download otherwise (docs/benchmarks.md).
import { cloneElement, lazy, Suspense, useCallback, useRef, useState, type RefCallback, type ComponentType, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement } from "react";
import { composeHandlers } from "@/web/lib/compose-handlers";

/**
 * What a lazily loaded overlay takes: its trigger (a button), whether it starts open, and whether the keyboard opened
 * it (a menu then puts its first item in focus, as Radix does for a menu opened from the keyboard once loaded).
 */
export type OpenableProps = { trigger: ReactElement<TriggerProps>; defaultOpen?: boolean; openedByKeyboard?: boolean };

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
    const [used, setUsed] = useState<"pointer" | "keyboard">();
    if (used) {
      return (
        <Suspense fallback={props.trigger}>
          <Loaded {...props} defaultOpen openedByKeyboard={used === "keyboard"} />
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
      // A click with no pointer behind it (detail 0) is Enter or Space on the button.
      onClick: composeHandlers(own.onClick, (event: MouseEvent) => setUsed(event.detail === 0 ? "keyboard" : "pointer")),
      onKeyDown: composeHandlers(own.onKeyDown, (event: KeyboardEvent) => {
        // A menu's trigger also opens with ArrowDown, as Radix's does (Enter and Space arrive as a click).
        if (popup !== "menu" || event.key !== "ArrowDown") return;
        event.preventDefault();
        setUsed("keyboard");
      }),
    });
  };
}

/**
 * For a menu loaded on first use (a ref on its DropdownMenuContent): opened from the keyboard, its first item takes
 * focus the first time it shows, as Radix does for a menu that was already loaded when the key was pressed.
 */
export function useFirstItemFocus(openedByKeyboard: boolean | undefined): RefCallback<HTMLElement> {
  const done = useRef(!openedByKeyboard);
  return useCallback((content: HTMLElement | null) => {
    if (!content || done.current) return;
    done.current = true;
    // After Radix's own focus on the menu, in the same frame.
    requestAnimationFrame(() => content.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus());
  }, []);
}
