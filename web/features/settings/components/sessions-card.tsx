// The devices signed in to the account: what each is, when it was last used; sign one out, or all but this one.
// Signing out takes effect at once on that device (the server stops trusting its session: decision 032).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AppWindow, HelpCircle, Monitor, Puzzle, Smartphone, Tablet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { QueryError } from "@/web/components/query-error";
import { formatAgo } from "@/web/lib/relative-time";
import { toast } from "@/web/lib/toast";
import { useNow } from "@/web/lib/use-now";
import { accountKeys, sessionsQueryOptions, signOutDevice, signOutOtherDevices, type SignedInDevice } from "../api/account";
import { SettingsSection } from "./settings-section";

const deviceIcons = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: HelpCircle } as const;
/** Holdup's own apps, signed in at /device (decision 042), shown by their name rather than a browser's. */
const clientIcons = { "holdup-tray": AppWindow, "holdup-extension": Puzzle } as const;

export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
  const others = useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: async () => {
      toast.success(t("settings.personal.sessionsOthersSignedOut"));
      await refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const otherCount = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <SettingsSection title={t("settings.personal.sessions")} description={t("settings.personal.sessionsDescription")} contentClassName="grid gap-4">
      {sessions.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-14" aria-hidden="true" />
          <Skeleton className="h-14" aria-hidden="true" />
        </div>
      ) : sessions.isError ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="divide-y rounded-md border" aria-label={t("settings.personal.sessionsList")}>
          {sessions.data.sessions.map((session) => (
            <DeviceRow key={session.id} session={session} onSignedOut={refresh} />
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button variant="outline" disabled={others.isPending || otherCount === 0} onClick={() => others.mutate()}>
          {t("settings.personal.sessionsSignOutOthers")}
        </Button>
      </div>
    </SettingsSection>
  );
}

function DeviceRow({ session, onSignedOut }: { session: SignedInDevice; onSignedOut: () => Promise<void> }) {
  const { t } = useTranslation();
  const now = useNow();
  const Icon = session.client ? clientIcons[session.client] : deviceIcons[session.device.kind];
  const os = session.device.os ?? t("settings.personal.sessionUnknownSystem");
  const name = session.client ? t("settings.personal.sessionApp", { app: t(`devices.clients.${session.client}`), os }) : t("settings.personal.sessionDevice", { browser: session.device.browser ?? t("settings.personal.sessionUnknownBrowser"), os });
  const signOut = useMutation({
    mutationFn: () => signOutDevice(session.id),
    onSuccess: async () => {
      toast.success(t("settings.personal.sessionSignedOut", { device: name }));
      await onSignedOut();
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <li className="flex flex-wrap items-center gap-3 px-3 py-2.5">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {name}
          {session.current && <Badge variant="blue">{t("settings.personal.sessionThisDevice")}</Badge>}
        </span>
        <span className="text-xs text-muted-foreground">
          {session.current ? t("settings.personal.sessionActiveNow") : t("settings.personal.sessionLastActive", { when: formatAgo(now.getTime() - new Date(session.lastActiveAt).getTime(), t) })}
          {" · "}
          {t("settings.personal.sessionSignedIn", { when: formatAgo(now.getTime() - new Date(session.createdAt).getTime(), t) })}
        </span>
      </div>
      {!session.current && (
        <Button variant="ghost" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()} aria-label={t("settings.personal.sessionSignOutNamed", { device: name })}>
          {t("settings.personal.sessionSignOut")}
        </Button>
      )}
    </li>
  );
}
