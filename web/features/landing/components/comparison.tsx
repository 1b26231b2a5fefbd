// Holdup vs project-management tools vs manual chat and documents, over the specification's six problems.
// A table from 768px; below, one card per problem (a six-row, four-column table does not fit a phone).
import { Check, Minus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/cn";
import { SectionHeading } from "./section-heading";

type Support = "yes" | "partly" | "no";
const tools = ["holdup", "projectTools", "manual"] as const;
const problems: { key: string; support: Record<(typeof tools)[number], Support> }[] = [
  { key: "trackWithoutTicket", support: { holdup: "yes", projectTools: "no", manual: "partly" } },
  { key: "whoIsBlocking", support: { holdup: "yes", projectTools: "partly", manual: "no" } },
  { key: "howLong", support: { holdup: "yes", projectTools: "partly", manual: "no" } },
  { key: "nudge", support: { holdup: "yes", projectTools: "no", manual: "partly" } },
  { key: "anyTool", support: { holdup: "yes", projectTools: "no", manual: "partly" } },
  { key: "timeline", support: { holdup: "yes", projectTools: "partly", manual: "no" } },
];

const supportIcons = { yes: Check, partly: Minus, no: X } as const;
const supportColours = { yes: "bg-primary text-primary-foreground", partly: "bg-muted text-foreground", no: "bg-muted text-muted-foreground" } as const;

function SupportMark({ support }: { support: Support }) {
  const { t } = useTranslation();
  const Icon = supportIcons[support];
  return (
    <span className="inline-flex items-center gap-2">
      <span className={cn("flex size-6 items-center justify-center rounded-full", supportColours[support])}>
        <Icon className="size-3.5" aria-hidden="true" />
      </span>
      <span className="text-sm">{t(`landing.comparison.support.${support}`)}</span>
    </span>
  );
}

export function Comparison() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="comparison-title" className="mx-auto w-full max-w-6xl px-4">
      <SectionHeading id="comparison-title" name={t("landing.comparison.name")} tagline={t("landing.comparison.tagline")} description={t("landing.comparison.description")} />
      <div className="mt-12 hidden overflow-hidden rounded-xl border md:block" data-testid="comparison-table">
        <table className="w-full text-left">
          <caption className="sr-only">{t("landing.comparison.caption")}</caption>
          <thead className="bg-muted/50 text-sm">
            <tr>
              <th scope="col" className="p-4 font-medium">
                {t("landing.comparison.problem")}
              </th>
              {tools.map((tool) => (
                <th key={tool} scope="col" className={cn("p-4 font-medium", tool === "holdup" && "text-primary")}>
                  {t(`landing.comparison.tools.${tool}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {problems.map((problem) => (
              <tr key={problem.key}>
                <th scope="row" className="p-4 font-medium">
                  {t(`landing.comparison.problems.${problem.key}`)}
                </th>
                {tools.map((tool) => (
                  <td key={tool} className={cn("p-4", tool === "holdup" && "bg-primary/5")}>
                    <SupportMark support={problem.support[tool]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-10 flex flex-col gap-4 md:hidden" data-testid="comparison-stacked">
        {problems.map((problem) => (
          <li key={problem.key} className="rounded-xl border bg-card p-4">
            <h3 className="font-semibold">{t(`landing.comparison.problems.${problem.key}`)}</h3>
            <dl className="mt-3 flex flex-col gap-2">
              {tools.map((tool) => (
                <div key={tool} className="flex items-center justify-between gap-4">
                  <dt className={cn("text-sm", tool === "holdup" ? "font-medium text-primary" : "text-muted-foreground")}>{t(`landing.comparison.tools.${tool}`)}</dt>
                  <dd>
                    <SupportMark support={problem.support[tool]} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
