// The landing page is for visitors (specification §2). The server already sends a signed-in visitor of / to the
// dashboard before any page; this catches the copies it never saw: a page restored from the back-forward cache
// or the HTTP cache after signing in elsewhere.
import { paths } from "@/common/paths";

export async function redirectIfSignedIn() {
  try {
    const response = await fetch("/api/auth/get-session", { credentials: "same-origin", headers: { accept: "application/json" } });
    const session: unknown = response.ok ? await response.json() : null;
    if (session && typeof session === "object" && "user" in session) window.location.replace(paths.dashboard);
  } catch {
    // offline or the server is away: the visitor reads the landing page
  }
}
