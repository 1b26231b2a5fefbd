// The interactive demo behind a click-to-play overlay ('Got a min to try?', specification §2). The demo's code
// loads only when the visitor asks for it, and takes the overlay's exact place, so nothing below moves.
import { MousePointerClick } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/web/components/ui/spinner";
import { cn } from "@/web/lib/cn";
import { demoFrameClassName } from "./demo/demo-frame";

const InteractiveDemo = lazy(() => import("./demo/interactive-demo"));

/** A still picture of the demo's two columns, behind the overlay: shapes only, nothing to read. */
function DemoPreview() {
  const card = (width: string) => (
    <div className="flex flex-col gap-2 rounded-lg border bg-card p-3">
      <div className={cn("h-3 rounded bg-muted-foreground/25", width)} />
      <div className="h-2.5 w-1/3 rounded bg-muted-foreground/15" />
    </div>
  );
  return (
    <div aria-hidden="true" className="grid h-full grid-cols-1 gap-4 p-4 blur-[1px] sm:p-6 md:grid-cols-2">
      {[0, 1].map((column) => (
        <div key={column} className="flex flex-col gap-3">
          <div className="h-4 w-32 rounded bg-muted-foreground/30" />
          {card("w-3/4")}
          {card("w-2/3")}
          {card("w-4/5")}
        </div>
      ))}
    </div>
  );
}

export function DemoSection() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
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
