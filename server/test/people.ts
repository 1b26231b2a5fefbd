// Made-up people for the tests, shared by the integration (vitest) and e2e (Playwright) suites.
import { randomBytes } from "node:crypto";

export const STRONG_PASSWORD = "violet-harbour-kettle-42";

export const makeEmail = (name = "person") => `${name}-${randomBytes(4).toString("hex")}@example.com`.toLowerCase();
