// What product analytics sends and keeps (decision 038), without a browser: paths with their ids replaced, events
// scrubbed of what PostHog adds on its own, and the answer kept per browser. The module reads the server's <meta> tags
// when it loads, so each test loads it afresh after writing them (or not).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CaptureResult } from "posthog-js/dist/module.slim.no-external.js";
import { PRODUCT_ANALYTICS_META } from "@/common/product-analytics";

async function loadAnalytics(settings?: { key: string; host: string }) {
  document.head.innerHTML = settings ? `<meta name="${PRODUCT_ANALYTICS_META.key}" content="${settings.key}"><meta name="${PRODUCT_ANALYTICS_META.host}" content="${settings.host}">` : "";
  vi.resetModules();
  return import("./analytics");
}

const configured = { key: "phc_unit_test", host: "https://eu.i.posthog.com" };
const origin = window.location.origin;

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = "";
});

describe("the paths sent", () => {
  it("replaces every segment that is an id, token or address with {id}, and keeps the page's own words", async () => {
    const { analyticsPath } = await loadAnalytics();
    expect(analyticsPath("/blockers/0b6f4a3e-9c1d-4e7a-8f2b-5d3c1a9e7b40")).toBe("/blockers/{id}");
    expect(analyticsPath("/user/0B6F4A3E-9C1D-4E7A-8F2B-5D3C1A9E7B40")).toBe("/user/{id}");
    expect(analyticsPath("/e/0b6f4a3e-9c1d-4e7a-8f2b-5d3c1a9e7b40.Xk3v9QpL0aZ7mN2bR8sT4uW6yC1dE5fG")).toBe("/e/{id}");
    expect(analyticsPath("/user/riley%40example.com")).toBe("/user/{id}");
    expect(analyticsPath("/things/12345")).toBe("/things/{id}");
    expect(analyticsPath("/reset/a1b2c3d4e5f6g7h8i9j0k1")).toBe("/reset/{id}");
    for (const path of ["/", "/dashboard", "/settings/personal", "/organization/billing", "/blog/how-to-nudge-without-nagging", "/blockers/{id}"]) expect(analyticsPath(path)).toBe(path);
  });
});

describe("without POSTHOG_KEY", () => {
  it("is not configured, keeps no answer and sends nothing", async () => {
    const analytics = await loadAnalytics();
    expect(analytics.analyticsConfigured).toBe(false);
    analytics.setAnalyticsConsent("granted");
    expect(localStorage.getItem(analytics.ANALYTICS_CONSENT_KEY)).toBeNull();
    expect(analytics.scrubEvent({ uuid: "1", event: "blocker created", properties: {} } as CaptureResult)).toBeNull();
  });
});

describe("with POSTHOG_KEY", () => {
  const pageView = {
    uuid: "0190a1b2-0000-7000-8000-000000000000",
    event: "$pageview",
    properties: {
      token: configured.key,
      distinct_id: "0190a1b2-0000-7000-8000-000000000001",
      title: "Signed Zephyr vendor contract · Holdup",
      $current_url: `${origin}/blockers/0b6f4a3e-9c1d-4e7a-8f2b-5d3c1a9e7b40?tab=people#comment-3`,
      $pathname: "/blockers/0b6f4a3e-9c1d-4e7a-8f2b-5d3c1a9e7b40",
      $host: new URL(origin).host,
      $referrer: `${origin}/add?title=Signed+Zephyr`,
      $referring_domain: new URL(origin).host,
      $browser: "Chrome",
      $screen_width: 1280,
    },
    $set_once: { $initial_current_url: `${origin}/signup?email=riley%40example.com`, $initial_referrer: "https://mail.example.com/inbox/riley" },
  } as unknown as CaptureResult;

  it("asks first: nothing is sent until the answer is 'Allow', and the answer is kept for this browser", async () => {
    const analytics = await loadAnalytics(configured);
    expect(analytics.analyticsConfigured).toBe(true);
    expect(analytics.scrubEvent(pageView)).toBeNull();
    analytics.setAnalyticsConsent("granted");
    expect(analytics.scrubEvent(pageView)).not.toBeNull();
    // Loaded again (the next visit): the same answer.
    const again = await loadAnalytics(configured);
    expect(again.scrubEvent(pageView)).not.toBeNull();
  });

  it("sends addresses as this origin and a path with ids replaced, and drops the page's title and the referrer", async () => {
    const analytics = await loadAnalytics(configured);
    analytics.setAnalyticsConsent("granted");
    const sent = analytics.scrubEvent(pageView);
    expect(sent?.properties).toEqual({
      token: configured.key,
      distinct_id: "0190a1b2-0000-7000-8000-000000000001",
      $current_url: `${origin}/blockers/{id}`,
      $pathname: "/blockers/{id}",
      $host: new URL(origin).host,
      $browser: "Chrome",
      $screen_width: 1280,
    });
    expect(sent?.$set_once).toEqual({ $initial_current_url: `${origin}/signup` });
    expect(JSON.stringify(sent)).not.toMatch(/Zephyr|riley|0b6f4a3e/);
  });

  it("after 'No thanks' sends nothing more and forgets what PostHog kept in this browser, leaving the rest", async () => {
    const analytics = await loadAnalytics(configured);
    analytics.setAnalyticsConsent("granted");
    localStorage.setItem(`ph_${configured.key}_posthog`, JSON.stringify({ distinct_id: "0190a1b2-0000-7000-8000-000000000001" }));
    sessionStorage.setItem(`ph_${configured.key}_window_id`, "w1");
    localStorage.setItem("theme", "dark");
    analytics.setAnalyticsConsent("denied");
    expect(analytics.scrubEvent(pageView)).toBeNull();
    await vi.waitFor(() => expect(Object.keys(localStorage).sort()).toEqual([analytics.ANALYTICS_CONSENT_KEY, "theme"]));
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(localStorage.getItem(analytics.ANALYTICS_CONSENT_KEY)).toBe("denied");
  });
});
