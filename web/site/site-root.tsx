// Everything around a public page, on the server and in the browser alike: theme, translations, header and footer.
import type { ReactNode } from "react";
import "@/web/lib/i18n";
import { ThemeProvider } from "@/web/lib/theme";
import { SiteLayout } from "./site-layout";

export function SiteRoot({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <ThemeProvider>
      <SiteLayout pathname={pathname}>{children}</SiteLayout>
    </ThemeProvider>
  );
}
