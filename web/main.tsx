import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import "./app/app-strings";
import { setReader } from "./lib/reader";
import { createRouter } from "./router";
import "./styles.css";

// Dates in the browser's first language (its time zone is the person's own, once their profile is read).
setReader({ locale: navigator.language });

const router = createRouter();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A transition: React renders the first screen in slices of a few milliseconds, so a slow phone's main thread is
// never held for long (the HTML already shows the same spinner meanwhile).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
