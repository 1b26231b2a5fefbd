import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Logo } from "@/web/components/brand/logo";
import { ThemeToggle } from "@/web/components/brand/theme-toggle";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";

type CardPageProps = { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode; aboveCard?: ReactNode };

/** A page that is one centred card under the logo: sign-in, sign-up, password pages, onboarding. */
export function CardPage({ title, description, children, footer, aboveCard }: CardPageProps) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to={paths.home} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo />
        </Link>
        <ThemeToggle />
      </div>
      <main className="w-full max-w-md">
        {aboveCard}
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="text-xl">{title}</h1>
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
          {footer && <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter>}
        </Card>
      </main>
    </div>
  );
}
