// Which pull request or issue a link names.
import { describe, expect, it } from "vitest";
import { githubRefOf } from "./github-links.ts";

describe("githubRefOf", () => {
  it("reads pull requests and issues, with whatever follows, in lower case", () => {
    expect(githubRefOf("https://github.com/Acme/Payments-API/pull/12")).toEqual({ repository: "acme/payments-api", number: 12 });
    expect(githubRefOf("https://www.github.com/acme/api/issues/7#issuecomment-99")).toEqual({ repository: "acme/api", number: 7 });
    expect(githubRefOf("https://github.com/acme/api.js/pull/3/files?w=1")).toEqual({ repository: "acme/api.js", number: 3 });
  });

  it("names nothing for other links", () => {
    for (const link of [null, "", "not a link", "https://gitlab.com/acme/api/pull/1", "https://github.com/acme/api", "https://github.com/acme/api/pull/0", "https://github.com/acme/api/pull/12abc", "https://github.com/acme/api/commits/12", "https://github.com.evil.example/acme/api/pull/1", "https://github.com/acme/../pull/1", "https://github.com:8443/acme/api/pull/1"]) {
      expect(githubRefOf(link), String(link)).toBeUndefined();
    }
  });
});
