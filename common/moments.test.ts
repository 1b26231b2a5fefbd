import { describe, expect, it } from "vitest";
import { formatDate, formatDay, formatFullDateTime, formatTime, formatWait, formatWhen } from "./moments.ts";

// Monday 23 November 2026, 23:30 in Paris — already Tuesday in Tokyo.
const now = new Date("2026-11-23T22:30:00Z");

describe("a moment as people read it", () => {
  it("is written where the reader is: today's time alone, the weekday within six days, the date beyond", () => {
    const paris = { locale: "en-GB", timeZone: "Europe/Paris" };
    expect(formatWhen(new Date("2026-11-23T08:00:00Z"), now, paris)).toBe("09:00");
    expect(formatWhen(new Date("2026-11-24T16:00:00Z"), now, paris)).toBe("Tue 17:00");
    expect(formatWhen(new Date("2026-12-08T08:00:00Z"), now, paris)).toBe("Tue 8 Dec, 09:00");
    expect(formatWhen(new Date("2027-01-05T08:00:00Z"), now, paris)).toBe("Tue 5 Jan 2027, 09:00");
    // The same moments in Tokyo, where it is Tuesday already.
    expect(formatWhen(new Date("2026-11-24T01:00:00Z"), now, { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("10:00");
    expect(formatDay(new Date("2026-11-23T20:00:00Z"), now, { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("Tue 24 Nov");
    // A locale with a 12-hour clock writes it so.
    expect(formatWhen(new Date("2026-11-23T08:00:00Z"), now, { locale: "en-US", timeZone: "Europe/Paris" })).toBe("9:00 AM");
  });

  it("is written alike by every runtime: the words are the app's, Intl gives only numbers and the locale's habits", () => {
    const moment = new Date("2026-09-08T13:05:00Z");
    const paris = { timeZone: "Europe/Paris" };
    // en-GB: "Sep", never "Sept"; en-US: a plain space before PM, never a narrow no-break one.
    expect(formatWhen(moment, now, { locale: "en-GB", ...paris })).toBe("Tue 8 Sep, 15:05");
    expect(formatWhen(moment, now, { locale: "en-US", ...paris })).toBe("Tue, Sep 8, 3:05 PM");
    expect(formatWhen(moment, now, { locale: "de", ...paris })).toBe("Tue 8 Sep, 15:05");
    expect(formatFullDateTime(moment, { locale: "en-GB", ...paris })).toBe("Tuesday 8 September 2026 at 15:05");
    expect(formatDate(moment, { locale: "en-US", ...paris })).toBe("Sep 8, 2026");
    expect(formatTime(moment, { locale: "en-US", timeZone: "Asia/Kolkata" })).toBe("6:35 PM");
  });

  it("falls back to English and UTC for a locale or zone this runtime does not know", () => {
    expect(formatWhen(new Date("2026-11-23T08:00:00Z"), now, { locale: "en-GB", timeZone: "Mars/Olympus" })).toBe("08:00");
    expect(formatWhen(new Date("2026-11-23T08:00:00Z"), now, { locale: "not a locale!", timeZone: "Europe/Paris" })).toBe("9:00 AM");
  });

  it("says how long something has waited in its largest whole unit", () => {
    expect(formatWait(new Date(now.getTime() - 20_000), now)).toBe("less than a minute");
    expect(formatWait(new Date(now.getTime() - 60_000), now)).toBe("1 minute");
    expect(formatWait(new Date(now.getTime() - 3 * 3_600_000 - 60_000), now)).toBe("3 hours");
    expect(formatWait(new Date(now.getTime() - 3 * 86_400_000 - 3_600_000), now)).toBe("3 days");
    expect(formatWait(new Date(now.getTime() - 15 * 86_400_000), now)).toBe("2 weeks");
    expect(formatWait(new Date(now.getTime() + 60_000), now)).toBe("less than a minute");
  });
});
