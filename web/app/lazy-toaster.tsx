// The Toaster, mounted once a toast may come (web/lib/toast.ts): not part of the page's first download.
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToasterProps } from "@/web/components/ui/sonner";
import { toasterWanted, wantToaster } from "@/web/lib/toast";

const Toaster = lazy(async () => ({ default: (await import("@/web/components/ui/sonner")).Toaster }));

export function LazyToaster(props: ToasterProps) {
  // Never on the server, nor while hydrating: the first markup has no toaster on either side.
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  useEffect(() => {
    if (wanted) return;
    const options = { capture: true, once: true, passive: true } as const;
    for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, wantToaster, options);
    return () => {
      for (const type of ["pointerdown", "keydown"]) window.removeEventListener(type, wantToaster, options);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  ) : null;
}
