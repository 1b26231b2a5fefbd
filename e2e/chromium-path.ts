// Finds a Chromium for the browser tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own download.
import fs from "node:fs";
import { chromium } from "@playwright/test";

export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here
  }
  const found = candidates.find((candidate): candidate is string => Boolean(candidate) && fs.existsSync(candidate as string));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install one: `sudo apt-get install -y chromium` (Debian/Ubuntu), " +
        "or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable.",
    );
  }
  return found;
}
