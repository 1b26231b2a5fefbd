import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Logo } from "@/web/components/brand/logo";
import { ThemeToggle } from "@/web/components/brand/theme-toggle";
import { cn } from "@/web/lib/cn";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/web/components/ui/card";

type CardPageProps = { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode; aboveCard?: ReactNode; aside?: ReactNode };

/**
 * A page that is one centred card under the logo: sign-in, sign-up, password pages, onboarding. With `aside`, the
 * card is wider and shows it beside the form (the invitation's page): the aside then holds the page's h1, and the
 * card's title is a heading under it.
 */
export function CardPage({ title, description, children, footer, aboveCard, aside }: CardPageProps) {
  const width = aside ? "max-w-3xl" : "max-w-md";
  const Heading = aside ? "h2" : "h1";
  const body = (
    <>
      <CardHeader>
        <CardTitle>
          <Heading className="text-xl">{title}</Heading>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer && <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter>}
    </>
  );
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <div className={cn("flex w-full items-center justify-between", width)}>
        <Link to={paths.home} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo />
        </Link>
        <ThemeToggle />
      </div>
      <main className={cn("w-full", width)}>
        {aboveCard}
        <Card className={cn(aside && "gap-0 overflow-hidden py-0 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]")}>
          {aside ? (
            <>
              <div className="border-b bg-muted/60 p-6 md:border-r md:border-b-0">{aside}</div>
              <div className="flex flex-col gap-6 py-6">{body}</div>
            </>
          ) : (
            body
          )}
        </Card>
      </main>
    </div>
  );
}
