// Any address the app does not know. A signed-in, onboarded person stays in the app's frame (sidebar, their
// team); anyone else sees the public site's frame. Nobody signed in is offered "Log in" for a page of their own app.
import { lazy, Suspense } from "react";
import { FullScreenSpinner } from "@/web/components/ui/spinner";
import NotFoundPage from "@/web/features/not-found/pages/not-found-page";
import { useAuth } from "./auth-context";
import { NotFoundInSite } from "./not-found-in-site";

// The app's frame loads only for those who get it: a visitor's 404 stays as light as the public site.
const AppFrame = lazy(async () => ({ default: (await import("./app-layout")).AppFrame }));

export default function NotFound() {
  const { isReady, isAuthenticated, profile } = useAuth();
  if (!isReady) return <FullScreenSpinner />;
  if (!isAuthenticated || !profile?.onboardedAt) return <NotFoundInSite />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <AppFrame>
        <NotFoundPage />
      </AppFrame>
    </Suspense>
  );
}
