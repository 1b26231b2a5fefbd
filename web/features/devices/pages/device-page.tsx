// /device: where a signed-in person lets Holdup's tray or browser extension in (RFC 8628; decision 042). The device
// shows a code and opens this page with it (?user_code=); typed by hand otherwise. Looking at a code claims it for
// the person signed in here, so the page names the app asking and what it will be able to do before anything is
// approved, and says plainly when a code is wrong, spent or expired.
import { useMutation, useQuery } from "@tanstack/react-query";
import { AppWindow, Puzzle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { formatUserCode } from "@/common/devices";
import { paths } from "@/common/paths";
import { CardPage } from "@/web/components/card-page";
import { FormAlert, FormField } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { usePageTitle } from "@/web/lib/use-page-title";
import { approveDevice, DeviceCodeError, denyDevice, lookAtDeviceCode, type DeviceRequest } from "../api/device-grant";

const problemOf = (error: Error | null) => (error instanceof DeviceCodeError ? error.problem : "unknown");

export default function DevicePage() {
  const { t } = useTranslation();
  usePageTitle(t("devices.title"));
  const [params, setParams] = useSearchParams();
  const userCode = formatUserCode(params.get("user_code") ?? "");
  return <CardPage title={t("devices.title")}>{userCode === "" ? <CodeForm onCode={(code) => setParams({ user_code: code })} /> : <DeviceRequestView userCode={userCode} />}</CardPage>;
}

function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const typed = formatUserCode(code);
        if (typed.replace("-", "").length !== 8) return setError(t("devices.codeIncomplete"));
        onCode(typed);
      }}
    >
      <p className="text-sm text-muted-foreground">{t("devices.enterCode")}</p>
      <FormField label={t("devices.codeLabel")} error={error}>
        {(control) => <Input {...control} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} placeholder="ABCD-EFGH" className="font-mono tracking-widest uppercase" />}
      </FormField>
      <Button type="submit">{t("devices.continue")}</Button>
    </form>
  );
}

function DeviceRequestView({ userCode }: { userCode: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const request = useQuery({ queryKey: ["device-code", userCode], queryFn: () => lookAtDeviceCode(userCode), retry: false, staleTime: Number.POSITIVE_INFINITY });
  const approve = useMutation({ mutationFn: () => approveDevice(userCode) });
  const deny = useMutation({ mutationFn: () => denyDevice(userCode) });
  const toDashboard = (
    <Button asChild variant="outline">
      <Link to={paths.dashboard}>{t("devices.toDashboard")}</Link>
    </Button>
  );
  if (request.isPending) return <Skeleton className="h-32 w-full" aria-hidden="true" />;
  if (request.isError) {
    return (
      <div className="grid gap-4">
        <FormAlert>{t(`devices.problem.${problemOf(request.error)}`)}</FormAlert>
        <CodeForm onCode={(code) => setParams({ user_code: code })} />
      </div>
    );
  }
  if (approve.isSuccess || deny.isSuccess) {
    return (
      <div className="grid gap-4">
        <output className="text-sm">{approve.isSuccess ? t("devices.approved", { app: appName(request.data, t) }) : t("devices.denied", { app: appName(request.data, t) })}</output>
        <div>{toDashboard}</div>
      </div>
    );
  }
  const failed = approve.error ?? deny.error;
  const Icon = request.data.client === "holdup-extension" ? Puzzle : AppWindow;
  return (
    <div className="grid gap-4">
      <FormAlert>{failed && t(`devices.problem.${problemOf(failed)}`)}</FormAlert>
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <p className="text-sm font-medium">{t("devices.asking", { app: appName(request.data, t) })}</p>
          <p className="text-sm text-muted-foreground">{t("devices.checkCode")}</p>
          <p className="font-mono text-lg tracking-widest" data-testid="user-code">
            {userCode}
          </p>
        </div>
      </div>
      <div className="grid gap-1 text-sm">
        <p>{t("devices.willBeAbleTo")}</p>
        <ul className="list-disc pl-5 text-muted-foreground">
          <li>{t("devices.canSee")}</li>
          <li>{t("devices.canAct")}</li>
          <li>{t("devices.cannot")}</li>
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => approve.mutate()} disabled={approve.isPending || deny.isPending}>
          {t("devices.approve")}
        </Button>
        <Button variant="outline" onClick={() => deny.mutate()} disabled={approve.isPending || deny.isPending}>
          {t("devices.deny")}
        </Button>
      </div>
    </div>
  );
}

const appName = (request: DeviceRequest, t: (key: string) => string) => t(`devices.clients.${request.client ?? "unknown"}`);
