/** Midnight of `now`'s day in the time zone, as an instant (the Free plan's "per day" is the member's own day). */
export function startOfDayIn(timezone: string, now: Date): Date {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: timezone, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const sinceMidnight = ((value("hour") * 60 + value("minute")) * 60 + value("second")) * 1000 + now.getMilliseconds();
  return new Date(now.getTime() - sinceMidnight);
}
