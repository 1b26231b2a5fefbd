// Backup codes, shown once: each signs in once when the authenticator app is not at hand. Copied or downloaded.
import { Copy, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/lib/toast";

export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = `${t("settings.personal.backupCodesFileTitle")}\n\n${codes.join("\n")}\n`;
  async function copy() {
    await navigator.clipboard.writeText(text);
    toast.success(t("settings.personal.backupCodesCopied"));
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "holdup-backup-codes.txt" });
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t("settings.personal.backupCodesHint")}</p>
      <ul aria-label={t("settings.personal.backupCodes")} className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("settings.personal.backupCodesCopy")}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t("settings.personal.backupCodesDownload")}
        </Button>
      </div>
    </div>
  );
}
