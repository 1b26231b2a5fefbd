import { describe, expect, it } from "vitest";
import { matchSiteRoute, prepareSitePage } from "./site-routes";

describe("the public site's addresses", () => {
  it("matches fixed pages and a blog post's slug, and the legal pages' documents", () => {
    expect(matchSiteRoute("/")?.route.source).toContain("landing-page");
    expect(matchSiteRoute("/blog/a%20post")?.params).toEqual({ slug: "a post" });
    expect(matchSiteRoute("/refund-policy")?.params).toEqual({ document: "refundPolicy" });
  });

  it("has no page for unknown, nested or malformed addresses", () => {
    for (const pathname of ["/dashboard", "/blog/a/b", "/blog/", "/blog/%E0%A4%A", "/privacy/more"]) expect(matchSiteRoute(pathname)).toBeNull();
  });

  it("renders a real post, and the not-found page for a slug that is no post", async () => {
    const post = await prepareSitePage("/blog/ten-real-world-holdup-usage-examples");
    expect(post.found).toBe(true);
    expect(post.head).toMatchObject({ type: "article", title: "Ten real-world Holdup usage examples" });
    const missing = await prepareSitePage("/blog/no-such-post");
    expect(missing.found).toBe(false);
    expect(missing.head.title).toBe("Page not found");
  });
});
