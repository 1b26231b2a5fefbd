// API keys (issue #14): personal, each acting as its owner in one team, read-only or read and write, with an expiry.
// Shared by the settings page (which offers only these choices) and the server (which accepts only them).
import { z } from "zod";
import { typedText } from "./profile.ts";

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "hk_";
/** The random part's length: 64 letters, about 380 bits. */
export const API_KEY_RANDOM_LENGTH = 64;
export const API_KEY_NAME_MAX = 32;

/** `read`: GET requests only. `write`: every operation of the API, as the owner could do it in the web app. */
export const apiKeyScopes = ["read", "write"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** How long a new key lives, in days; `never` keeps it until revoked. */
export const apiKeyLifetimes = ["7", "30", "90", "365", "never"] as const;
export type ApiKeyLifetime = (typeof apiKeyLifetimes)[number];

/** At most this many live keys per person and team: enough for every script and assistant, not for a leak's worth. */
export const API_KEYS_PER_TEAM_MAX = 20;

export const createApiKeySchema = z.object({
  name: typedText().trim().min(1, "Name the key, so you know where it is used").max(API_KEY_NAME_MAX, `Use at most ${API_KEY_NAME_MAX} characters`),
  scope: z.enum(apiKeyScopes, "Choose read or write"),
  expiresInDays: z.enum(apiKeyLifetimes, "Choose 7, 30, 90 or 365 days, or never"),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** The requests one key may make in a minute (per server), and the answer's RateLimit-* headers. */
export const API_KEY_RATE_LIMIT = { max: 600, windowSeconds: 60 } as const;
