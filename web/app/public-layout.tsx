import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { paths } from "@/common/paths";
import { Logo } from "@/web/components/brand/logo";
import { ThemeToggle } from "@/web/components/brand/theme-toggle";
import { Button } from "@/web/components/ui/button";

/** The frame of the public site: header with sign-in links and the theme toggle, footer with the legal pages. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b">
        <nav aria-label={t("public.nav.label")} className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Link to={paths.home} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Logo />
          </Link>
          <div className="ml-6 hidden items-center gap-5 text-sm text-muted-foreground md:flex">
            <a href="/#features" className="hover:text-foreground">{t("public.nav.features")}</a>
            <a href="/#how-it-works" className="hover:text-foreground">{t("public.nav.howItWorks")}</a>
            <Link to={paths.blog} className="hover:text-foreground">{t("public.nav.blog")}</Link>
          </div>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <Button variant="ghost" asChild>
              <Link to={paths.login}>{t("public.nav.login")}</Link>
            </Button>
            <Button asChild>
              <Link to={paths.signup}>{t("public.nav.getStarted")}</Link>
            </Button>
          </div>
        </nav>
      </header>
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground md:flex-row md:items-center">
          <span>{t("public.footer.tagline")}</span>
          <nav aria-label={t("public.footer.label")} className="flex flex-wrap gap-4 md:ml-auto">
            <Link to={paths.blog} className="hover:text-foreground">{t("public.nav.blog")}</Link>
            <Link to={paths.privacy} className="hover:text-foreground">{t("public.footer.privacy")}</Link>
            <Link to={paths.terms} className="hover:text-foreground">{t("public.footer.terms")}</Link>
            <Link to={paths.refundPolicy} className="hover:text-foreground">{t("public.footer.refundPolicy")}</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
