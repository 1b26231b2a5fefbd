import { useTranslation } from "react-i18next";

/**
 * The specification's badge strip, holding only what is true of Holdup (issue #27: no invented awards or investors;
 * decision 049). Our own badge images (web/public/badges), served by Holdup: the landing page loads nothing from
 * elsewhere. Each is 232 px wide, room for its longest line in a wide font (DejaVu Sans Bold, 13 px); four fit in a
 * row on a desktop, one per row on a phone.
 */
const badges = [
  { file: "self-hosted.svg", key: "selfHosted" },
  { file: "your-data.svg", key: "yourData" },
  { file: "open-api.svg", key: "openApi" },
  { file: "keyboard.svg", key: "keyboard" },
] as const;

export function BadgeStrip() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="badges-title" className="mx-auto w-full max-w-5xl px-4">
      <h2 id="badges-title" className="text-center text-sm font-medium text-muted-foreground">
        {t("landing.badges.title")}
      </h2>
      <ul className="mt-5 flex flex-wrap items-center justify-center gap-3">
        {badges.map((badge) => (
          <li key={badge.file}>
            <img src={`/badges/${badge.file}`} alt={t(`landing.badges.${badge.key}`)} width={232} height={54} loading="lazy" decoding="async" className="h-[54px] w-[232px] dark:brightness-90" />
          </li>
        ))}
      </ul>
    </section>
  );
}
