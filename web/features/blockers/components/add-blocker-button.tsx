// "Add a blocker": opens quick capture over the page; a link to /add all the same, so a middle click or Ctrl+click
// opens the page in a new tab, and it works before the app's code has run.
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/common/paths";
import { Button } from "@/web/components/ui/button";
import { useShortcuts } from "@/web/features/shortcuts/components/shortcuts-provider";

export function AddBlockerButton() {
  const { t } = useTranslation();
  const { openQuickCapture } = useShortcuts();
  return (
    <Button asChild size="sm">
      <Link
        to={paths.addBlocker}
        aria-keyshortcuts="c"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          openQuickCapture();
        }}
      >
        <Plus aria-hidden="true" />
        {t("dashboard.addBlocker")}
      </Link>
    </Button>
  );
}
