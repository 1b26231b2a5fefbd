// The toolbar popup: signed out, the device sign-in; signed in, the two columns and "Log this page as a blocker".
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { startPage } from "../page.tsx";
import { t } from "../i18n.ts";
import { useStored } from "../use-stored.ts";
import { SignInView } from "./sign-in-view.tsx";
import { SignedInView } from "./signed-in-view.tsx";

function Popup() {
  const stored = useStored();
  return (
    <main className="w-[380px] max-w-full bg-background p-4 text-foreground">
      <h1 className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <img src="icons/icon-32.png" alt="" className="size-5" />
        {t("title")}
      </h1>
      {!stored ? <p className="text-sm text-muted-foreground">{t("columns.loading")}</p> : stored.token ? <SignedInView stored={stored} token={stored.token} /> : <SignInView stored={stored} />}
    </main>
  );
}

startPage(
  <QueryClientProvider client={new QueryClient()}>
    <Popup />
  </QueryClientProvider>,
);
