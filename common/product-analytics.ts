// How the server tells the web app that product analytics is on (decision 038): the app's index.html carries a
// placeholder that the server replaces when it loads the page — with two <meta> tags naming PostHog's project key and
// host when POSTHOG_KEY is set, with nothing otherwise (and the Vite dev server leaves it, so development sends nothing).
export const PRODUCT_ANALYTICS_PLACEHOLDER = "<!--product-analytics-->";

export const PRODUCT_ANALYTICS_META = { key: "holdup-analytics-key", host: "holdup-analytics-host" } as const;
