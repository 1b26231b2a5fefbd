// Product analytics of Holdup itself (decision 038): the one module that talks to PostHog. Nothing is loaded or sent
// unless the server configured a key (POSTHOG_KEY: the page then carries <meta> tags, server/http/web-app.ts) and the
// person chose "Allow"; PostHog's code is then fetched with import() and sends page views (the path only, ids replaced
// by {id}) and the few events named below. Nobody is identified: PostHog's own random id for this browser, forgotten on
// "No thanks". Never a title, a description, a name or an e-mail address: callers pass counts and choices only, and
// every event is scrubbed of what PostHog would add on its own (the page's title, the full address, the referrer).
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { CaptureResult, PostHog, PostHogConfig, Properties } from "posthog-js/dist/module.slim.no-external.js";
import { PRODUCT_ANALYTICS_META } from "@/common/product-analytics";

export type AnalyticsEvent = "signed up" | "onboarded" | "blocker created" | "blocker resolved" | "nudge sent";
/** Counts and choices only (a priority, where it happened): never text someone wrote, nor who they are. */
export type AnalyticsProperties = Record<string, string | number | boolean>;
export type AnalyticsChoice = "granted" | "denied";
export type AnalyticsConsent = AnalyticsChoice | "undecided";

type Settings = { key: string; host: string };

const metaContent = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

function readSettings(): Settings | undefined {
  if (typeof document === "undefined") return undefined;
  const key = metaContent(PRODUCT_ANALYTICS_META.key);
  const host = metaContent(PRODUCT_ANALYTICS_META.host);
  return key && host ? { key, host } : undefined;
}

const settings = readSettings();

/** Whether this Holdup has product analytics at all: without it there is no notice, no setting and no PostHog code. */
export const analyticsConfigured = settings !== undefined;

export const ANALYTICS_CONSENT_KEY = "holdup:product-analytics";

function readConsent(): AnalyticsConsent {
  try {
    const stored = localStorage.getItem(ANALYTICS_CONSENT_KEY);
    return stored === "granted" || stored === "denied" ? stored : "undecided";
  } catch {
    return "undecided"; // storage blocked: asked again on each visit, and nothing is sent meanwhile
  }
}

let consent: AnalyticsConsent = settings ? readConsent() : "undecided";
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

// A choice made in another tab applies here too.
if (settings && typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== ANALYTICS_CONSENT_KEY && event.key !== null) return;
    consent = readConsent();
    if (consent !== "granted") void stopSending(settings);
    notify();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The person's choice for this browser; "undecided" until they made one (or when analytics is not configured). */
export const useAnalyticsConsent = () => useSyncExternalStore(subscribe, () => consent, () => "undecided" as const);

/** Keeps the choice (in this browser's storage) and applies it at once: "denied" stops PostHog and forgets its id. */
export function setAnalyticsConsent(choice: AnalyticsChoice) {
  if (!settings) return;
  try {
    localStorage.setItem(ANALYTICS_CONSENT_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  consent = choice;
  if (choice === "denied") void stopSending(settings);
  notify();
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A segment that names one thing rather than a page: a number, an e-mail address, a long token with a digit. */
const OPAQUE = /^(\d+|.*@.*|(?=.*\d)[\w.~-]{20,})$/;

/** A path as it is sent: every segment that is an id (a UUID, a token, an address) becomes `{id}`. */
export function analyticsPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Not valid percent-encoding: judged as it is.
      }
      if (decoded === "{id}") return "{id}"; // already scrubbed (a page view's own path, read again by before_send)
      return UUID.test(decoded) || OPAQUE.test(decoded) ? "{id}" : segment;
    })
    .join("/");
}

/** What PostHog adds on its own that could carry what someone wrote or who they are. */
const DROPPED = new Set(["title", "$title", "$referrer", "$referring_domain", "$initial_referrer", "$initial_referring_domain", "$session_entry_referrer", "$session_entry_referring_domain", "$el_text", "$elements", "$elements_chain"]);
const URL_LIKE = /url|pathname|href/i;

/** Addresses reduced to this origin and the scrubbed path (no query string, no fragment); the dropped ones removed. */
function scrubbed(properties: Properties | undefined): Properties | undefined {
  if (!properties) return properties;
  const clean: Properties = {};
  for (const [name, value] of Object.entries(properties)) {
    if (DROPPED.has(name)) continue;
    if (typeof value === "string" && URL_LIKE.test(name)) {
      clean[name] = scrubbedAddress(value, name);
    } else clean[name] = value;
  }
  return clean;
}

function scrubbedAddress(value: string, name: string) {
  try {
    const url = new URL(value, window.location.origin);
    const path = analyticsPath(url.pathname);
    return /pathname/i.test(name) ? path : `${url.origin}${path}`;
  } catch {
    return "";
  }
}

export function scrubEvent(event: CaptureResult | null): CaptureResult | null {
  if (!event) return null;
  // Sent only while the person agrees: a capture already under way when they said "No thanks" is dropped.
  if (consent !== "granted") return null;
  const clean: CaptureResult = { ...event, properties: scrubbed(event.properties) ?? {} };
  if (event.$set) clean.$set = scrubbed(event.$set);
  if (event.$set_once) clean.$set_once = scrubbed(event.$set_once);
  return clean;
}

/** PostHog as Holdup uses it: events it is asked for, and nothing it would gather by itself or load from elsewhere. */
const options = (host: string): Partial<PostHogConfig> => ({
  api_host: host,
  // Its id for this browser in local storage, not in a cookie sent to every site of the domain.
  persistence: "localStorage",
  // No /flags or remote configuration call, and no script from PostHog's servers (the bundle is "no-external").
  advanced_disable_flags: true,
  disable_external_dependency_loading: true,
  disable_session_recording: true,
  disable_surveys: true,
  disable_product_tours: true,
  disable_conversations: true,
  disable_web_experiments: true,
  advanced_disable_toolbar_metrics: true,
  // Nothing captured from the page itself: page views are sent by capturePageView on route changes.
  autocapture: false,
  capture_pageview: false,
  capture_pageleave: false,
  capture_dead_clicks: false,
  capture_exceptions: false,
  capture_performance: false,
  enable_heatmaps: false,
  rageclick: false,
  disable_scroll_properties: true,
  mask_all_text: true,
  mask_all_element_attributes: true,
  save_referrer: false,
  save_campaign_params: false,
  // Nobody is identified (decision 038): events stay personless.
  person_profiles: "identified_only",
  before_send: scrubEvent,
});

let client: Promise<PostHog> | undefined;

function clientOf({ key, host }: Settings): Promise<PostHog> {
  client ??= import("posthog-js/dist/module.slim.no-external.js").then(({ posthog }) => {
    posthog.init(key, options(host));
    return posthog;
  });
  // A failed download (a new release replaced the file) is tried again by the next event.
  client.catch(() => (client = undefined));
  return client;
}

/** Everything PostHog kept in this browser for this project (its random id, its queue), gone. */
function forgetStored(key: string) {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      for (const name of Object.keys(storage)) if (name.includes(key)) storage.removeItem(name);
    } catch {
      // Storage blocked: nothing was kept there either.
    }
  }
}

/** Set when "No thanks" stopped PostHog in this page: a later "Allow" starts it again. */
let stopped = false;

async function stopSending(current: Settings) {
  const loaded = client ? await client.catch(() => undefined) : undefined;
  if (loaded) {
    // reset() clears PostHog's consent too, so it comes first; without persistence it keeps nothing more.
    loaded.reset(true);
    loaded.opt_out_capturing();
    loaded.set_config({ disable_persistence: true });
    stopped = true;
  }
  forgetStored(current.key);
}

function send(capture: (posthog: PostHog) => void) {
  if (!settings || consent !== "granted") return;
  clientOf(settings)
    .then((posthog) => {
      if (consent !== "granted") return;
      if (stopped) {
        // "No thanks", then "Allow" again in this page: a new id, kept again.
        stopped = false;
        posthog.set_config({ disable_persistence: false });
        posthog.opt_in_capturing({ captureEventName: false });
      }
      capture(posthog);
    })
    .catch(() => undefined); // analytics must never disturb the app: an event that cannot be sent is let go
}

/** One of the named events, when the person agreed (otherwise nothing, not even a download). */
export function track(event: AnalyticsEvent, properties: AnalyticsProperties = {}) {
  send((posthog) => posthog.capture(event, properties));
}

/** A page view of the current route, its path scrubbed (before_send does the same to every address PostHog adds). */
function capturePageView(pathname: string) {
  send((posthog) => posthog.capture("$pageview", { $current_url: `${window.location.origin}${analyticsPath(pathname)}`, $pathname: analyticsPath(pathname) }));
}

/** Sends a page view on every change of route (not of the query string), and once the person says "Allow". */
export function useAnalyticsPageViews() {
  const { pathname } = useLocation();
  const current = useAnalyticsConsent();
  useEffect(() => {
    if (current === "granted") capturePageView(pathname);
  }, [pathname, current]);
}
