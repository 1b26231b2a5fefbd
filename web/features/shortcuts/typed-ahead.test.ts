import { afterEach, describe, expect, it } from "vitest";
import { peekTypedAhead, startTypingAhead, takeTypedAhead } from "./typed-ahead";

const press = (key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event;
};

afterEach(() => void takeTypedAhead("search"));

describe("keys typed before a dialog is ready", () => {
  it("are kept, Backspace included, and hidden from the page meanwhile", () => {
    const seenByPage: string[] = [];
    document.addEventListener("keydown", (event) => seenByPage.push(event.key));
    startTypingAhead("search");
    for (const key of ["p", "a", "y", "x", "Backspace", "m"]) expect(press(key).defaultPrevented).toBe(true);
    expect(press("k", { ctrlKey: true }).defaultPrevented).toBe(false);
    // Another dialog drawn meanwhile (quick capture, loaded at the same time) does not take them.
    expect(peekTypedAhead("quick-capture")).toBe("");
    expect(takeTypedAhead("quick-capture")).toBe("");
    expect(peekTypedAhead("search")).toBe("paym");
    expect(takeTypedAhead("search")).toBe("paym");
    expect(seenByPage).toEqual(["k"]);
  });

  it("are the page's again once taken, and nothing is kept when nothing was waiting", () => {
    expect(takeTypedAhead("search")).toBe("");
    expect(press("j").defaultPrevented).toBe(false);
  });
});
