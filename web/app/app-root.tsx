// The tree both renderers draw (issue #28): the server (web/app/server-render.tsx, with a static router) and the browser
// (web/main.tsx, with the browser's router), around the same providers and the same first render.
import { StrictMode, useEffect, type ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { FirstRenderProvider, markHydrated, type FirstRender } from "./first-render";
import { Providers } from "./providers";

export function AppRoot({ queryClient, first, children }: { queryClient?: QueryClient; first?: FirstRender | null; children: ReactNode }) {
  return (
    <StrictMode>
      <FirstRenderProvider value={first ?? null}>
        <Providers queryClient={queryClient}>{children}</Providers>
        {first && <Hydrated />}
      </FirstRenderProvider>
    </StrictMode>
  );
}

/** Marks the first render over once the browser has hydrated the page (effects run after it; never on the server). */
function Hydrated() {
  useEffect(markHydrated, []);
  return null;
}
