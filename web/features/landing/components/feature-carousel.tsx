// 'Key Features': four features, two per page, advancing every 5 s, cyclic, locked for 300 ms while a page slides in
// (specification §9). Built to the WAI-ARIA carousel pattern: pausable, still while hovered or focused, and only the
// visible page is reachable by keyboard and screen reader.
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";

export const CAROUSEL_ITEMS_PER_PAGE = 2;
export const CAROUSEL_AUTO_ADVANCE_MS = 5000;
export const CAROUSEL_TRANSITION_LOCK_MS = 300;

export type CarouselItem = { id: string; content: ReactNode };

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, index * size + size));
}

export function FeatureCarousel({ label, items }: { label: string; items: CarouselItem[] }) {
  const { t } = useTranslation();
  const pages = chunk(items, CAROUSEL_ITEMS_PER_PAGE);
  const [page, setPage] = useState(0);
  const [paused, setPaused] = useState(false); // by the visitor's button
  const [held, setHeld] = useState(false); // while the pointer or keyboard focus is inside
  const locked = useRef(false);
  const region = useRef<HTMLElement>(null);

  /** Slides to a page (cyclic) unless a slide is still under way: a second press within 300 ms is ignored, not queued. */
  const show = useCallback(
    (target: number) => {
      if (locked.current) return;
      locked.current = true;
      window.setTimeout(() => (locked.current = false), CAROUSEL_TRANSITION_LOCK_MS);
      setPage(((target % pages.length) + pages.length) % pages.length);
    },
    [pages.length],
  );

  // Every page gets its full 5 s, however it was reached: the wait restarts whenever the page changes.
  const rotating = !paused && !held;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => show(page + 1), CAROUSEL_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, show, page]);

  // Held still while the pointer is over it or keyboard focus is inside (WAI-ARIA carousel pattern).
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const hold = () => setHeld(true);
    const release = (event: Event) => {
      const next = (event as FocusEvent).relatedTarget;
      if (event.type === "focusout" && next instanceof Node && element.contains(next)) return;
      if (event.type === "focusout" && element.matches(":hover")) return;
      if (event.type === "pointerleave" && element.contains(document.activeElement)) return;
      setHeld(false);
    };
    const events = [["pointerenter", hold], ["focusin", hold], ["pointerleave", release], ["focusout", release]] as const;
    for (const [type, listener] of events) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) element.removeEventListener(type, listener);
    };
  }, []);

  return (
    <section
      aria-roledescription={t("landing.features.carousel")}
      aria-label={label}
      ref={region}
      className="flex flex-col gap-6"
    >
      <div className="flex items-center justify-center gap-2">
        <Button variant="outline" size="icon" onClick={() => setPaused((value) => !value)} aria-label={paused ? t("landing.features.play") : t("landing.features.pause")}>
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
        </Button>
        <Button variant="outline" size="icon" onClick={() => show(page - 1)} aria-label={t("landing.features.previous")}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex items-center gap-1">
          {pages.map((_, index) => (
            <button
              // oxlint-disable-next-line react/no-array-index-key -- pages are positions, they never reorder
              key={index}
              type="button"
              onClick={() => show(index)}
              aria-label={t("landing.features.showPage", { page: index + 1, count: pages.length })}
              aria-current={index === page ? "true" : undefined}
              className="flex size-9 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className={cn("block size-2.5 rounded-full transition-colors", index === page ? "bg-primary" : "bg-muted-foreground/40")} />
            </button>
          ))}
        </div>
        <Button variant="outline" size="icon" onClick={() => show(page + 1)} aria-label={t("landing.features.next")}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="overflow-hidden" aria-live={rotating ? "off" : "polite"}>
        <div className="flex transition-transform duration-300 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${page * 100}%)` }}>
          {pages.map((pageItems, index) => (
            <div
              // oxlint-disable-next-line react/no-array-index-key -- pages are positions, they never reorder
              key={index}
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the WAI-ARIA carousel pattern: a slide is a group
              role="group"
              aria-roledescription={t("landing.features.slide")}
              aria-label={t("landing.features.pageLabel", { page: index + 1, count: pages.length })}
              aria-hidden={index !== page}
              inert={index !== page}
              data-carousel-page={index}
              data-current={index === page}
              className="grid w-full shrink-0 grid-cols-1 gap-4 px-px md:grid-cols-2"
            >
              {pageItems.map((item) => (
                <div key={item.id}>{item.content}</div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
