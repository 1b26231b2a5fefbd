// The only module that reads process.env. Everything else receives a Config.
import path from "node:path";
import { z } from "zod";
import { isProxyRange } from "./http/client-address.ts";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`);

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For Holdup believes, as addresses or CIDR ranges separated by
 * commas ("10.0.0.0/8, 2001:db8::/32"), or `loopback` for a proxy on the same machine. Unset: nobody's.
 */
const trustedProxiesSchema = z
  .string()
  .transform((value) => value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== ""))
  .pipe(z.array(z.string().refine(isProxyRange, "must be `loopback` or IP addresses / CIDR ranges separated by commas")));

const environmentSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a number")
    .transform(Number)
    .refine((port) => port >= 0 && port <= 65535, "must be between 0 and 65535")
    .default(3000),
  APP_URL: optionalText.pipe(urlWithProtocols(["http:", "https:"]).optional()),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(urlWithProtocols(["postgres:", "postgresql:"]).optional()),
  SMTP_URL: optionalText.pipe(urlWithProtocols(["smtp:", "smtps:"]).optional()),
  MAIL_FROM: optionalText,
  SUPPORT_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  DEFAULT_PLAN: z.enum(["free", "plus"]).default("plus"),
  TRUST_PROXY: optionalText.pipe(trustedProxiesSchema.optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the stripe library sends its requests instead of api.stripe.com: a stand-in in tests; unset in production. */
  STRIPE_API_BASE: optionalText.pipe(urlWithProtocols(["http:", "https:"]).optional()),
  /** Holdup in Slack (issue #12): the Slack app's credentials, from its "Basic Information" page; all three or none. */
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  /** Where the Slack SDKs send Web API calls instead of https://slack.com/api/: a stand-in in tests; unset in production. */
  SLACK_API_URL: optionalText.pipe(urlWithProtocols(["http:", "https:"]).optional()),
  /** Pictures in an S3-compatible bucket instead of DATA_DIR (all instances of a fleet see the same ones). */
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(urlWithProtocols(["http:", "https:"]).optional()),
  S3_PREFIX: optionalText,
  /**
   * Product analytics of Holdup itself (decision 038): PostHog's project API key, which the web app sends with its
   * events (public by design; a personal API key, phx_…, is a secret and is refused), and its ingestion host.
   */
  POSTHOG_KEY: optionalText.pipe(z.string().regex(/^phc_[A-Za-z0-9_-]+$/, "must be a PostHog project API key (phc_…), never a personal API key (phx_…)").optional()),
  POSTHOG_HOST: optionalText.pipe(urlWithProtocols(["https:"]).optional()),
  /**
   * The live event streams one instance holds open at most (a socket and a file each): past it a new one is answered
   * 503 and the rest of the API answers as ever (server/realtime/stream-limits.ts). Keep it well under the process's
   * open-file limit (ulimit -n).
   */
  LIVE_STREAMS_MAX: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a number")
    .transform(Number)
    .refine((streams) => streams >= 1, "must be at least 1")
    .default(5000),
  /**
   * How long a person's first change waits for more before its e-mail or Slack message goes (they go as one): 120
   * seconds unless set; 0 sends each change at once and alone. A nudge by hand always goes at once.
   */
  EMAIL_BATCH_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a number of seconds")
    .transform(Number)
    .refine((seconds) => seconds <= 3600, "must be at most 3600 (an hour)")
    .default(120),
  /** Outgoing webhooks may call private addresses (and http://): for a Holdup whose receivers are on its own network. */
  WEBHOOKS_ALLOW_PRIVATE: optionalText.pipe(z.enum(["true", "false"], "must be true or false").optional()),
});

export type Config = {
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the /support form's requests are mailed: SUPPORT_EMAIL, or support@ the APP_URL's host name. */
  supportEmail: string;
  /** Undefined until main.ts resolves it (generated and kept in dataDir when unset). */
  authSecret: string | undefined;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Without SMTP nobody could receive a verification e-mail, so it is only required with SMTP. */
  requireEmailVerification: boolean;
  /** Every team's plan while no payment provider is configured: Plus, unless DEFAULT_PLAN says free. */
  defaultPlan: "free" | "plus";
  /** The proxies (CIDR ranges, or "loopback") whose X-Forwarded-For names the client; empty: the socket's peer is the client. */
  trustedProxies: string[];
  /** Payments through Stripe, when both its keys are set; without them DEFAULT_PLAN decides every team's plan. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** Slack, when its three credentials are set: the app's id and secrets, and where its Web API and OAuth pages are. */
  slack: SlackConfig | undefined;
  /** Where pictures are kept when not under DATA_DIR: an S3-compatible bucket, when S3_BUCKET is set. */
  s3: { bucket: string; accessKeyId: string; secretAccessKey: string; region: string; endpoint: string; prefix: string } | undefined;
  /** PostHog, when POSTHOG_KEY is set: the web app asks people first, then sends page views and a few named events. */
  productAnalytics: ProductAnalyticsConfig | undefined;
  /** Webhooks may reach loopback, private and other non-public addresses, over http:// too (decision 039): off by default. */
  webhooksAllowPrivate: boolean;
  /** The live event streams this instance holds open at most (LIVE_STREAMS_MAX, 5,000 unless set). */
  liveStreamsMax: number;
  /** How long a person's first change waits for more, to go out with them as one message (EMAIL_BATCH_SECONDS). */
  emailBatchSeconds: number;
};

export type ProductAnalyticsConfig = {
  /** The project API key (phc_…), which the web app sends with every event. */
  key: string;
  /** Where events go (PostHog's api_host), without a trailing slash: POSTHOG_HOST, or PostHog's EU cloud. */
  host: string;
};

/** PostHog's EU cloud ingestion host: events of EU people stay in the EU. */
export const DEFAULT_POSTHOG_HOST = "https://eu.i.posthog.com";

export type SlackConfig = {
  clientId: string;
  clientSecret: string;
  signingSecret: string;
  /** The Web API's base, ending in a slash (the SDKs' `slackApiUrl`). */
  apiUrl: string;
  /** Slack's OAuth v2 consent page, on the same host as the Web API. */
  authorizeUrl: string;
};

const SLACK_VARIABLES = ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_SIGNING_SECRET"] as const;

// POSTHOG_KEY: a project key is public, but a personal key set there by mistake (refused) is a secret.
const SECRET_VARIABLES = new Set(["AUTH_SECRET", "POSTHOG_KEY", "DATABASE_URL", "SMTP_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "S3_SECRET_ACCESS_KEY", "SLACK_CLIENT_SECRET", "SLACK_SIGNING_SECRET"]);

/** Slack's three credentials, or none: an app that can receive commands it cannot verify, or the reverse, is refused at start. */
function slackOf(env: Partial<Record<(typeof SLACK_VARIABLES)[number] | "SLACK_API_URL", string>>): SlackConfig | undefined {
  const missing = SLACK_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length === SLACK_VARIABLES.length) return undefined;
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: must be set too when ${SLACK_VARIABLES.filter((set) => !missing.includes(set)).join(" and ")} ${missing.length === 2 ? "is" : "are"} (Slack needs all three)`));
  const apiUrl = (env.SLACK_API_URL ?? "https://slack.com/api/").replace(/\/*$/, "/");
  return { clientId: env.SLACK_CLIENT_ID!, clientSecret: env.SLACK_CLIENT_SECRET!, signingSecret: env.SLACK_SIGNING_SECRET!, apiUrl, authorizeUrl: new URL("/oauth/v2/authorize", apiUrl).toString() };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Holdup cannot start, the configuration is invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // A secret, or a URL that may carry a password, is not repeated where logs and terminals keep it.
        const shown = SECRET_VARIABLES.has(name) ? "(value not shown)" : `(got "${environment[name] ?? ""}")`;
        return `${name}: ${issue.message} ${shown}`;
      }),
    );
  }
  const env = parsed.data;
  // One key without the other would take payments whose webhooks cannot be verified, or verify webhooks of nothing.
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError([`${env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"}: must be set too when ${env.STRIPE_SECRET_KEY ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET"} is (Stripe needs both)`]);
  }
  const s3Missing = env.S3_BUCKET ? ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => env[name as "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"] === undefined) : [];
  if (s3Missing.length > 0) throw new ConfigError(s3Missing.map((name) => `${name}: must be set too when S3_BUCKET is (pictures go to that bucket)`));
  const s3Region = env.S3_REGION ?? "us-east-1";
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    port: env.PORT,
    appUrl,
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Holdup <no-reply@${new URL(appUrl).hostname}>`,
    supportEmail: env.SUPPORT_EMAIL ?? `support@${new URL(appUrl).hostname}`,
    authSecret: env.AUTH_SECRET,
    logLevel: env.LOG_LEVEL,
    requireEmailVerification: env.SMTP_URL !== undefined,
    defaultPlan: env.DEFAULT_PLAN,
    trustedProxies: env.TRUST_PROXY ?? [],
    slack: slackOf(env),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === "true",
    liveStreamsMax: env.LIVE_STREAMS_MAX,
    emailBatchSeconds: env.EMAIL_BATCH_SECONDS,
    productAnalytics: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: (env.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST).replace(/\/+$/, "") } : undefined,
    stripe: env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE } : undefined,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: s3Region,
            endpoint: env.S3_ENDPOINT ?? `https://s3.${s3Region}.amazonaws.com`,
            prefix: env.S3_PREFIX ?? "avatars/",
          }
        : undefined,
  };
}
