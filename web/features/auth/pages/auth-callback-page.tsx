// Where e-mail links land (confirm e-mail, for one): the server has already set the session cookie,
// so read the session again and go on; an error in the address is shown with a way back.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { paths } from "@/common/paths";
import { useAuth } from "@/web/app/auth-context";
import { FormAlert } from "@/web/components/form-field";
import { FullScreenSpinner } from "@/web/components/ui/spinner";
import { usePageTitle } from "@/web/lib/use-page-title";
import { CardPage } from "@/web/components/card-page";

export default function AuthCallbackPage() {
  const { t } = useTranslation();
  usePageTitle(t("auth.callback.title"));
  const [searchParams] = useSearchParams();
  const error = searchParams.get("error");
  const { isReady, isAuthenticated, refreshUser } = useAuth();
  const [refreshed, setRefreshed] = useState(false);

  useEffect(() => {
    if (!error) void refreshUser().finally(() => setRefreshed(true));
  }, [error, refreshUser]);

  if (error) {
    return (
      <CardPage
        title={t("auth.callback.failed")}
        footer={
          <Link to={paths.login} className="font-medium text-foreground underline underline-offset-4">
            {t("auth.callback.backToLogin")}
          </Link>
        }
      >
        <FormAlert>{t(`auth.callback.errors.${error}`, { defaultValue: t("auth.callback.errors.default") })}</FormAlert>
      </CardPage>
    );
  }
  if (!refreshed || !isReady) return <FullScreenSpinner />;
  return <Navigate to={isAuthenticated ? paths.dashboard : paths.login} replace />;
}
