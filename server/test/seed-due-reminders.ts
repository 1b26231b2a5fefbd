// A team whose blockers each wait on a person of their own, long overdue or not yet due: the reminder engine's work
// in bulk, for the crash test and the reminder benchmark. Everyone works every hour of every day (a reminder can go
// out whatever the time of the run), in UTC, and escalation is out of reach.
type Run = (text: string, values?: unknown[]) => Promise<unknown>;

export async function seedReminders(run: Run, options: { reminders: number; nextReminderAt: Date; team?: string }) {
  const team = options.team ?? `reminders-${Math.random().toString(36).slice(2, 10)}`;
  const now = Date.now();
  await run(`insert into organization (id, name, slug, created_at) values ($1, 'Reminder load', $1, now())`, [team]);
  await run(`insert into team_reminder_schedules (team_id, schedule) values ($1, $2::jsonb)`, [
    team,
    JSON.stringify({ firstAfterHours: 24, repeatEveryHours: 48, urgentFirstAfterHours: 4, urgentRepeatEveryHours: 8, dueSoonWithinHours: 24, dueSoonRepeatEveryHours: 24, escalateAfter: 50, paused: false }),
  ]);
  await run(`insert into "user" (id, name, email, email_verified) select $1 || '-' || g, 'Person ' || g, 'person' || g || '@' || $1 || '.example', true from generate_series(0, $2::int) g`, [team, options.reminders]);
  await run(
    `insert into profiles (auth_id, email, full_name, timezone, working_hours, onboarded_at)
     select id, email, name, 'UTC', '{"days":[1,2,3,4,5,6,7],"start":"00:00","end":"23:59"}'::jsonb, now() from "user" where id like $1 || '-%'`,
    [team],
  );
  await run(`insert into member (id, organization_id, user_id, role, created_at) select 'm-' || id, $1, id, case when id = $1 || '-0' then 'owner' else 'member' end, now() from "user" where id like $1 || '-%'`, [team]);
  await run(
    `insert into blockers (organization_id, title, created_by, created_at)
     select $1, 'Reminder ' || g, (select id from profiles where auth_id = $1 || '-0'), $2::timestamptz from generate_series(1, $3::int) g`,
    [team, new Date(now - 30 * 86_400_000).toISOString(), options.reminders],
  );
  await run(`insert into blocked_users (blocker_id, profile_id) select b.id, b.created_by from blockers b where b.organization_id = $1`, [team]);
  await run(
    `insert into blocking_users (blocker_id, profile_id, status, waiting_since, next_reminder_at)
     select b.id, p.id, 'pending', b.created_at, $2::timestamptz from blockers b join profiles p on p.auth_id = $1 || '-' || substr(b.title, 10) where b.organization_id = $1`,
    [team, options.nextReminderAt.toISOString()],
  );
  return team;
}
