// Signed out: one button starts the device grant (the service worker asks for a code and opens Holdup's approval page
// in a tab); while it waits, the code is shown here to compare with the page's. Why the last sign-in ended is said.
import { Button } from "@/web/components/ui/button";
import { t } from "../i18n.ts";
import { ask } from "../messages.ts";
import type { Stored } from "../stored.ts";

export function SignInView({ stored }: { stored: Stored }) {
  const signIn = stored.signIn;
  return (
    <section aria-labelledby="sign-in-heading" className="space-y-3">
      <h2 id="sign-in-heading" className="text-base font-semibold">
        {t("signIn.heading")}
      </h2>
      {signIn.kind === "waiting" ? (
        <>
          <p className="text-sm">{t("signIn.waiting")}</p>
          <p data-testid="user-code" className="rounded-md border bg-muted py-2 text-center font-mono text-2xl tracking-widest">
            {signIn.userCode}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={signIn.verificationUriComplete} target="_blank" rel="noreferrer">
                {t("signIn.reopen")}
              </a>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void ask({ kind: "cancel-sign-in" })}>
              {t("signIn.cancel")}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("signIn.intro")}</p>
          {signIn.kind === "signed-out" && signIn.note ? (
            <p role="alert" className="text-sm text-destructive">
              {signIn.note === "failed" ? t("signIn.failed", { reason: signIn.reason ?? "" }) : t(`signIn.${signIn.note}`)}
            </p>
          ) : null}
          <Button disabled={signIn.kind === "starting"} onClick={() => void ask({ kind: "sign-in" })}>
            {signIn.kind === "starting" ? t("signIn.starting") : t("signIn.start")}
          </Button>
          <p className="text-xs text-muted-foreground">
            {t("signIn.server", { server: stored.serverUrl })} ·{" "}
            <button type="button" className="underline underline-offset-2" onClick={() => void chrome.runtime.openOptionsPage()}>
              {t("footer.settings")}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
