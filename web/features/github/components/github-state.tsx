// The state of the pull request or issue a blocker links to, as the team's GitHub deliveries left it: open, a draft,
// merged or closed — shown beside the link on the blocker's page.
import { CircleDot, GitMerge, GitPullRequest, GitPullRequestClosed, GitPullRequestDraft, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { GithubItemKind, GithubItemState } from "@/common/github";
import { Badge } from "@/web/components/ui/badge";
import { formatDateTime } from "@/web/lib/date-time";

export type GithubLinkState = { kind: GithubItemKind; state: GithubItemState; title: string; number: number; updatedAt: string };

const looks: Record<GithubItemState, { variant: "green" | "gray" | "blue" | "red"; icon: LucideIcon }> = {
  open: { variant: "green", icon: GitPullRequest },
  draft: { variant: "gray", icon: GitPullRequestDraft },
  merged: { variant: "blue", icon: GitMerge },
  closed: { variant: "red", icon: GitPullRequestClosed },
};

export function GithubState({ github }: { github: GithubLinkState }) {
  const { t } = useTranslation();
  const { variant, icon } = looks[github.state];
  const Icon = github.kind === "issue" && github.state === "open" ? CircleDot : icon;
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm" data-testid="github-state">
      <Badge variant={variant} data-state={github.state}>
        <Icon aria-hidden="true" />
        {t(`github.state.${github.kind}.${github.state}`)}
      </Badge>
      <span className="min-w-0 break-words text-muted-foreground">
        {t("github.stateTitle", { number: github.number, title: github.title })}
        {" · "}
        <time dateTime={github.updatedAt}>{t("github.stateUpdated", { when: formatDateTime(github.updatedAt) })}</time>
      </span>
    </span>
  );
}
