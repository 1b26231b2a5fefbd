import { useTranslation } from "react-i18next";

/** Our own badge images (web/public/badges), served by Holdup: the landing page loads nothing from elsewhere. */
const badges = [
  { file: "launch-day.svg", key: "launchDay" },
  { file: "maker-pick.svg", key: "makerPick" },
  { file: "backed-northstar.svg", key: "northstar" },
  { file: "backed-tidewater.svg", key: "tidewater" },
] as const;

export function BadgeStrip() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="badges-title" className="mx-auto w-full max-w-5xl px-4">
      <h2 id="badges-title" className="text-center text-sm font-medium text-muted-foreground">
        {t("landing.badges.title")}
      </h2>
      <ul className="mt-5 flex flex-wrap items-center justify-center gap-4">
        {badges.map((badge) => (
          <li key={badge.file}>
            <img src={`/badges/${badge.file}`} alt={t(`landing.badges.${badge.key}`)} width={200} height={54} loading="lazy" decoding="async" className="h-[54px] w-[200px] dark:brightness-90" />
          </li>
        ))}
      </ul>
    </section>
  );
}
