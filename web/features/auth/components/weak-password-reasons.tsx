import { useTranslation } from "react-i18next";
import type { WeakPasswordReason } from "@/common/auth-rules";

export function WeakPasswordReasons({ reasons }: { reasons: WeakPasswordReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      <p className="font-medium">{t("auth.weakPassword.title")}</p>
      <ul className="mt-1 list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{t(`auth.weakPassword.${reason}`)}</li>
        ))}
      </ul>
    </div>
  );
}
