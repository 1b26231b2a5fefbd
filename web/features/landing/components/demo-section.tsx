// The interactive demo behind a click-to-play overlay ('Got a min to try?', specification §2). The demo's code
// loads only when the visitor asks for it, and takes the overlay's exact place, so nothing below moves.
import { MousePointerClick } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";
import { takeEarlyPress } from "@/web/lib/early-presses";
import { demoFrameClassName } from "./demo/demo-frame";
import { initialDemoState } from "./demo/demo-state";

const InteractiveDemo = lazy(() => import("./demo/interactive-demo"));

/**
 * The demo's dashboard, drawn as it starts (its made-up team's blockers, in the app's dense rows) behind the overlay:
 * a picture of the product, readable, before anything is loaded. Hidden from screen readers: the demo itself is one
 * press away, and it says everything this shows.
 */
function DemoPreview() {
  const { t } = useTranslation();
  const { blockers, teammates } = initialDemoState;
  const nameOf = (id: string) => teammates.find((person) => person.id === id)?.name ?? "";
  const columns = [
    { side: "waitingOnMe", heading: t("landing.demo.preview.waitingOnMe") },
    { side: "imWaitingOn", heading: t("landing.demo.preview.imWaitingOn") },
  ] as const;
  return (
    <div aria-hidden="true" className="grid h-full content-start gap-4 p-4 text-left sm:p-6 md:grid-cols-2">
      {columns.map((column) => (
        <div key={column.side} className="grid content-start gap-2">
          <p className="text-sm font-semibold">{column.heading}</p>
          <ul className="divide-y overflow-hidden rounded-lg border bg-card">
            {blockers
              .filter((blocker) => blocker.side === column.side)
              .map((blocker) => (
                <li key={blocker.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium">{blocker.title}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{nameOf(blocker.personId).split(" ")[0]}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{blocker.age}</span>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function DemoSection() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  // Pressed before this code ran (a fast visitor on a slow connection): the press is made again, now that it is heard.
  const overlayButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeEarlyPress("demo")) overlayButton.current?.click();
  }, []);
  return (
    <section aria-label={t("landing.demo.label")} className="mx-auto w-full max-w-5xl px-4">
      {/* The demo draws its own window; the overlay gets a frame of the same size, so nothing moves on a press. */}
      <div className={cn("relative", demoFrameClassName, !playing && "overflow-hidden rounded-2xl border bg-muted/30 shadow-sm")}>
        {playing ? (
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center">
                <Spinner className="size-8 text-muted-foreground" aria-label={t("landing.demo.loading")} />
              </div>
            }
          >
            {/* Focus follows the press into the demo, so a keyboard user carries on from where they were. */}
            <div ref={(element) => element?.focus()} tabIndex={-1} className="h-full outline-none">
              <InteractiveDemo />
            </div>
          </Suspense>
        ) : (
          <>
            <DemoPreview />
            <div className="absolute inset-0 flex items-center justify-center bg-background/60 p-4">
              <button
                type="button"
                ref={overlayButton}
                data-early-press="demo"
                onClick={() => setPlaying(true)}
                className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-8 py-6 text-center shadow-lg transition-transform hover:scale-[1.02] focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none motion-reduce:transition-none"
              >
                <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <MousePointerClick className="size-6" aria-hidden="true" />
                </span>
                <span className="text-xl font-semibold">{t("landing.demo.overlay")}</span>
                <span className="max-w-xs text-sm text-muted-foreground">{t("landing.demo.overlayHint")}</span>
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
