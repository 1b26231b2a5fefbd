import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppRoot } from "./app/app-root";
import { seedFirstReads } from "./app/first-reads";
import { FIRST_RENDER_ELEMENT_ID, type FirstRender } from "./app/first-render";
import "./app/app-strings";
import { createQueryClient } from "./lib/query-client";
import { chooseTeam, currentTeamId } from "./lib/current-team";
import { setReader } from "./lib/reader";
import { registerServiceWorker } from "./lib/service-worker";
import { createRouter, loadFirstPage } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** The page the server drew (server/http/signed-in-pages.ts), when it drew one in the team this tab acts in. */
function pageDrawnByServer(): FirstRender | null {
  const block = document.getElementById(FIRST_RENDER_ELEMENT_ID);
  if (!block?.textContent) return null;
  const first = JSON.parse(block.textContent) as FirstRender;
  // Two tabs on two teams: the server drew the last-focused tab's team; this one draws its own page instead.
  const tabTeam = currentTeamId();
  return tabTeam === null || tabTeam === first.teamId ? first : null;
}

async function start(container: HTMLElement) {
  const first = pageDrawnByServer();
  if (!first) {
    // Dates in the browser's first language (its time zone is the person's own, once their profile is read).
    setReader({ locale: navigator.language });
    const router = createRouter();
    // A transition: React renders the first screen in slices of a few milliseconds, so a slow phone's main thread is
    // never held for long (the HTML already shows the same spinner meanwhile).
    startTransition(() =>
      createRoot(container).render(
        <AppRoot>
          <RouterProvider router={router} />
        </AppRoot>,
      ),
    );
    return;
  }
  // The same reads, reader and page code as the server's render, so the first render draws what is on screen.
  chooseTeam(first.teamId);
  setReader(first.reader);
  const queryClient = createQueryClient();
  seedFirstReads(queryClient, first.user.id, first.reads);
  await loadFirstPage(window.location.pathname);
  const router = createRouter();
  hydrateRoot(
    container,
    <AppRoot queryClient={queryClient} first={first}>
      <RouterProvider router={router} />
    </AppRoot>,
    {
      // A page that does not match what the server drew is drawn again by the browser, and said so: the browser tests
      // fail on any console error.
      onRecoverableError: (error) => console.error("Hydration mismatch: the page the server drew was drawn again", error),
    },
  );
}

void start(root).then(registerServiceWorker);
