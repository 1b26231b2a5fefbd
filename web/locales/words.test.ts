// Words for users, not operators (issue #27): no text of the app or the site names a server setting (an environment
// variable such as SLACK_CLIENT_ID or DEFAULT_PLAN) or promises what is "on its way".
import { describe, expect, it } from "vitest";
import app from "./en/app.json";
import demo from "./en/demo.json";
import sitePages from "./en/site-pages.json";
import site from "./en/site.json";

/** Every text of a translation file, with its key path. */
function texts(tree: unknown, path = ""): [string, string][] {
  if (typeof tree === "string") return [[path, tree]];
  if (typeof tree !== "object" || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

const SETTING = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
const PROMISE = /more \w+ (are|is) on (its|their) way|coming soon|will be connected here/i;

describe("the words people read", () => {
  for (const [file, tree] of Object.entries({ app, demo, site, sitePages })) {
    it(`${file}: name no server setting and promise nothing to come`, () => {
      const all = texts(tree);
      expect(all.length).toBeGreaterThan(10);
      expect(all.filter(([, text]) => SETTING.test(text) || PROMISE.test(text))).toEqual([]);
    });
  }
});
