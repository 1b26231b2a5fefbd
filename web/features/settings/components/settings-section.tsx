// One section of the settings pages: a card with its heading (a level-2 heading, for screen readers' outline), an
// optional badge beside it, a sentence on what it is for, and its content. The card sits in a section named by its
// heading, so a screen reader's landmarks list reaches "Two-factor authentication" directly.
import { useId, type ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

type SettingsSectionProps = { title: string; description: string; badge?: ReactNode; className?: string; contentClassName?: string; children: ReactNode };

export function SettingsSection({ title, description, badge, className, contentClassName, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className={className}>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <h2 id={headingId}>{title}</h2>
            {badge}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </section>
  );
}
