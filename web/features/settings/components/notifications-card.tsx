// Which channels reach me for each kind of event: in the app always, by e-mail as I choose (or one daily digest at
// the start of my working day instead), and in Slack as I choose once my team has connected it (issue #12); and, for
// owners and admins, the team's weekly report (issue #13).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { notificationChannels, preferenceEvents, wantsWeeklyReport, type NotificationChannel, type NotificationPreferences, type PreferenceEvent } from "@/common/notification-preferences";
import { useAuth } from "@/web/app/auth-context";
import { CheckboxWithHint } from "@/web/components/checkbox-with-hint";
import { FormAlert } from "@/web/components/form-field";
import { Button } from "@/web/components/ui/button";
import { profileKeys } from "@/web/features/profile/api/get-profile";
import { updateProfile } from "@/web/features/profile/api/update-profile";
import { slackQueryOptions } from "@/web/features/slack/api/slack";
import { teamsQueryOptions } from "@/web/features/team/api/team";
import { toast } from "@/web/lib/toast";
import { SettingsSection } from "./settings-section";

export function NotificationsCard() {
  const { t } = useTranslation();
  // Slack is chosen here once the team has connected a workspace; until then its column says so and takes no choice.
  const slack = useQuery(slackQueryOptions());
  const chatAvailable = slack.data?.workspace != null;
  // The weekly report goes to owners and admins: the choice is offered to someone who is one in any of their teams.
  const teams = useQuery(teamsQueryOptions());
  const leadsATeam = teams.data?.some((team) => team.role === "owner" || team.role === "admin") ?? false;
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const [preferences, setPreferences] = useState<NotificationPreferences | undefined>(profile?.notificationPreferences);
  const save = useMutation({
    mutationFn: (notificationPreferences: NotificationPreferences) => updateProfile({ notificationPreferences }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(t("settings.personal.notificationsSaved"));
    },
  });
  if (!preferences) return null;

  const toggle = (event: PreferenceEvent, channel: NotificationChannel) =>
    setPreferences({ ...preferences, events: { ...preferences.events, [event]: { ...preferences.events[event], [channel]: !preferences.events[event][channel] } } });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (preferences) save.mutate(preferences);
  }
  return (
    <SettingsSection title={t("settings.personal.notifications")} description={t("settings.personal.notificationsDescription")}>
      <form onSubmit={submit} className="grid gap-4">
        <FormAlert>{save.error?.message}</FormAlert>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("settings.personal.notificationsTable")}</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("settings.personal.notificationsEvent")}
                </th>
                <th scope="col" className="px-3 py-2 text-center font-medium">
                  {t("settings.personal.channels.app")}
                </th>
                {notificationChannels.map((channel) => (
                  <th key={channel} scope="col" className="px-3 py-2 text-center font-medium">
                    {t(`settings.personal.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preferenceEvents.map((event) => (
                <tr key={event} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {t(`settings.personal.events.${event}`)}
                  </th>
                  <td className="px-3 py-2 text-center">
                    <input type="checkbox" className="size-4 accent-primary" checked disabled aria-label={t("settings.personal.channelFor", { channel: t("settings.personal.channels.app"), event: t(`settings.personal.events.${event}`) })} />
                  </td>
                  {notificationChannels.map((channel) => (
                    <td key={channel} className="px-3 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={preferences.events[event][channel]}
                        disabled={channel === "chat" && !chatAvailable}
                        onChange={() => toggle(event, channel)}
                        aria-label={t("settings.personal.channelFor", { channel: t(`settings.personal.channels.${channel}`), event: t(`settings.personal.events.${event}`) })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!chatAvailable && <p className="text-xs text-muted-foreground">{t("settings.personal.chatLater")}</p>}
        <CheckboxWithHint label={t("settings.personal.digest")} hint={t("settings.personal.digestHint")} checked={preferences.dailyDigest} onChange={(dailyDigest) => setPreferences({ ...preferences, dailyDigest })} />
        {leadsATeam && (
          <CheckboxWithHint label={t("settings.personal.weeklyReport")} hint={t("settings.personal.weeklyReportHint")} checked={wantsWeeklyReport(preferences)} onChange={(weeklyReport) => setPreferences({ ...preferences, weeklyReport })} />
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
