import { useLocation } from "react-router";
import NotFoundPage from "@/web/features/not-found/pages/not-found-page";
import { SiteLayout } from "@/web/site/site-layout";

/** The app's not-found page, in the public site's frame (an unknown address is nobody's page). */
export function NotFoundInSite() {
  const { pathname } = useLocation();
  return (
    <SiteLayout pathname={pathname}>
      <NotFoundPage />
    </SiteLayout>
  );
}

