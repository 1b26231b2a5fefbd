import { beforeEach, describe, expect, it } from "vitest";
import { ApiError, errorTextOf, formErrorsOf } from "./api-error";
import { shouldRetryRead } from "./query-client";
import { nextTheme, readStoredTheme, THEME_STORAGE_KEY } from "./theme";

describe("theme preference", () => {
  beforeEach(() => localStorage.clear());

  it("cycles system → light → dark → system", () => {
    expect([nextTheme("system"), nextTheme("light"), nextTheme("dark")]).toEqual(["light", "dark", "system"]);
  });

  it("accepts only the three values and falls back to system", () => {
    for (const value of ["light", "dark", "system"]) {
      localStorage.setItem(THEME_STORAGE_KEY, value);
      expect(readStoredTheme()).toBe(value);
    }
    for (const value of ["blue", "DARK", ""]) {
      localStorage.setItem(THEME_STORAGE_KEY, value);
      expect(readStoredTheme()).toBe("system");
    }
  });
});

describe("error text (§8)", () => {
  it("reads msg, then message, then error_description, then error", () => {
    expect(errorTextOf({ msg: "a", message: "b" })).toBe("a");
    expect(errorTextOf({ message: "b", error_description: "c" })).toBe("b");
    expect(errorTextOf({ error_description: "c", error: "d" })).toBe("c");
    expect(errorTextOf({ error: "d" })).toBe("d");
    expect(errorTextOf({ error: { message: "nested" } })).toBe("nested");
    expect(errorTextOf("plain")).toBeUndefined();
  });
});

describe("a form's errors", () => {
  it("go beside the fields they name; the message goes in the form's alert only when none is named", () => {
    expect(formErrorsOf(new ApiError(400, "Check the form", "invalid", { title: ["Too long"] }))).toEqual({ fields: { title: ["Too long"] }, message: undefined });
    expect(formErrorsOf(new ApiError(409, "Someone else changed it"))).toEqual({ fields: {}, message: "Someone else changed it" });
    expect(formErrorsOf(new TypeError("Failed to fetch"))).toEqual({ fields: {}, message: "Failed to fetch" });
    expect(formErrorsOf(null)).toEqual({ fields: {}, message: undefined });
  });
});

describe("read retries", () => {
  it("retries gateway errors and lost connections up to 3 times, nothing else", () => {
    for (const status of [502, 503, 504]) {
      expect(shouldRetryRead(0, new ApiError(status, "gateway"))).toBe(true);
      expect(shouldRetryRead(2, new ApiError(status, "gateway"))).toBe(true);
      expect(shouldRetryRead(3, new ApiError(status, "gateway"))).toBe(false);
    }
    expect(shouldRetryRead(0, new TypeError("Failed to fetch"))).toBe(true);
    for (const status of [400, 401, 404, 500]) expect(shouldRetryRead(0, new ApiError(status, "no"))).toBe(false);
  });
});
