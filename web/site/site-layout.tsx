// The frame of the public site: the header (sections, blog, theme, sign-in) and the footer with every public link.
// Links are plain anchors: each public page is its own pre-rendered document.
import { Menu, X } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "@/common/paths";
import { Logo } from "@/web/components/brand/logo";
import { ThemeToggle } from "@/web/components/brand/theme-toggle";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { TEN_EXAMPLES_POST_SLUG } from "@/common/blog";

const linkClass = "rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

function useSectionLinks() {
  const { t } = useTranslation();
  return [
    { href: `${paths.home}#features`, label: t("public.nav.features") },
    { href: `${paths.home}#how-it-works`, label: t("public.nav.howItWorks") },
    { href: `${paths.home}#pricing`, label: t("public.nav.pricing") },
    { href: paths.blog, label: t("public.nav.blog") },
  ];
}

function SiteHeader({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const sectionLinks = useSectionLinks();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <nav aria-label={t("public.nav.label")} className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <a href={paths.home} className="mr-4 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={t("public.nav.home")}>
          <Logo />
        </a>
        <ul className="hidden items-center gap-6 text-sm text-muted-foreground md:flex">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={cn(linkClass, "inline-flex h-9 items-center")} aria-current={link.href === pathname ? "page" : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button variant="ghost" asChild className="hidden sm:inline-flex">
            <a href={paths.login}>{t("public.nav.login")}</a>
          </Button>
          <Button asChild>
            <a href={paths.signup}>{t("public.nav.getStarted")}</a>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t("public.nav.closeMenu") : t("public.nav.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </nav>
      <div id={menuId} hidden={!menuOpen} className="border-t md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2 text-base">
          {[...sectionLinks, { href: paths.login, label: t("public.nav.login") }].map((link) => (
            <li key={link.href}>
              <a href={link.href} onClick={() => setMenuOpen(false)} className={cn(linkClass, "block py-3 text-muted-foreground")}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const groups = [
    {
      title: t("public.footer.product"),
      links: [
        { href: `${paths.home}#features`, label: t("public.nav.features") },
        { href: `${paths.home}#how-it-works`, label: t("public.nav.howItWorks") },
        { href: `${paths.home}#pricing`, label: t("public.nav.pricing") },
        { href: paths.blogPost(TEN_EXAMPLES_POST_SLUG), label: t("public.footer.seeHowItWorks") },
      ],
    },
    {
      title: t("public.footer.resources"),
      links: [
        { href: paths.blog, label: t("public.nav.blog") },
        { href: paths.support, label: t("public.footer.support") },
        { href: paths.login, label: t("public.nav.login") },
        { href: paths.signup, label: t("public.footer.signup") },
      ],
    },
    {
      title: t("public.footer.legal"),
      links: [
        { href: paths.privacy, label: t("public.footer.privacy") },
        { href: paths.terms, label: t("public.footer.terms") },
        { href: paths.refundPolicy, label: t("public.footer.refundPolicy") },
      ],
    },
  ];
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div className="flex flex-col gap-3">
          <a href={paths.home} className="w-fit rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={t("public.nav.home")}>
            <Logo />
          </a>
          <p className="text-sm text-muted-foreground">{t("public.footer.tagline")}</p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 flex flex-col gap-1 text-sm text-muted-foreground">
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={cn(linkClass, "inline-block py-1.5")}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-muted-foreground">{t("public.footer.copyright")}</p>
    </footer>
  );
}

export function SiteLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:ring-2 focus:ring-ring">
        {t("public.skipToContent")}
      </a>
      <SiteHeader pathname={pathname} />
      <div className="flex flex-1 flex-col">{children}</div>
      <SiteFooter />
    </div>
  );
}
