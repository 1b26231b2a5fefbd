// A due date typed in words — "tomorrow 5pm", "fri", "in 3 days", "dec 8" — read by chrono-node, always forward from
// now. A day without a time means by the end of that working day ("fri": Friday at the end of the person's hours).
import { parse } from "chrono-node";

export function parseDue(text: string, now: Date, endOfDay: string): Date | null {
  const [result] = parse(text, now, { forwardDate: true });
  if (!result || text.trim().length === 0) return null;
  const date = result.start.date();
  if (!result.start.isCertain("hour")) {
    const [hours = 17, minutes = 0] = endOfDay.split(":").map(Number);
    date.setHours(hours, minutes, 0, 0);
  }
  return date;
}
