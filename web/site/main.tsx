// The public site in the browser: loads the page's code and data, then hydrates the pre-rendered HTML
// (or renders into an empty page, as under `npm run dev`, where nothing is pre-rendered).
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "../styles.css";
import { SiteRoot } from "./site-root";
import { paths } from "@/common/paths";
import { redirectIfSignedIn } from "./redirect-signed-in";
import { prepareSitePage } from "./site-routes";

const container = document.getElementById("root");
if (!container) throw new Error("site.html has no #root element");

const page = await prepareSitePage(location.pathname);
const app = (
  <StrictMode>
    <SiteRoot pathname={location.pathname}>{page.element}</SiteRoot>
  </StrictMode>
);
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

if (location.pathname === paths.home) {
  void redirectIfSignedIn();
  // Back-forward cache: the page comes back without running any script again.
  window.addEventListener("pageshow", (event) => event.persisted && void redirectIfSignedIn());
}
