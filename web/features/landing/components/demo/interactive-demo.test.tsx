import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import InteractiveDemo from "./interactive-demo";

// The outside world, faked: every network call the demo might make is recorded instead of sent.
const networkCalls: unknown[] = [];
const realFetch = globalThis.fetch;
const consoleErrors = vi.spyOn(console, "error");

beforeEach(() => {
  networkCalls.length = 0;
  consoleErrors.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  globalThis.fetch = (async (...args: unknown[]) => {
    networkCalls.push(args);
    throw new Error("The demo must not reach the network");
  }) as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  // An unexpected console.error fails the test (CONVENTIONS.md, Tests).
  if (consoleErrors.mock.calls.length > 0) throw new Error(`console.error was called: ${String(consoleErrors.mock.calls[0])}`);
});

const counter = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
const list = (name: string) => screen.getByRole("list", { name });
const status = () => screen.getByRole("status").textContent;

function addBlocker(title: string, person?: string) {
  fireEvent.change(screen.getByLabelText("What are you waiting for?"), { target: { value: title } });
  if (person) fireEvent.change(screen.getByLabelText("Who are you waiting on?"), { target: { value: person } });
  fireEvent.click(screen.getByRole("button", { name: "Add blocker" }));
}

describe("the landing page demo", () => {
  it("opens on a made-up dashboard in a window that says nothing is saved", () => {
    render(<InteractiveDemo />);
    expect(screen.getByRole("heading", { name: "Holdup demo — made-up data, nothing is saved" })).toBeTruthy();
    expect(counter("Waiting on me")).toBe("2");
    expect(counter("I'm waiting on")).toBe("2");
    expect(within(list("Waiting on me")).getAllByRole("article")).toHaveLength(2);
    expect(within(list("I'm waiting on")).getByRole("heading", { name: "API spec for payments v2" })).toBeTruthy();
    expect(screen.getByLabelText("Who are you waiting on?").getElementsByTagName("option")).toHaveLength(4);
  });

  it("adds a blocker from the form at the top of I'm waiting on, counts it and says so", () => {
    render(<InteractiveDemo />);
    addBlocker("Final logo files", "priya");
    const cards = within(list("I'm waiting on")).getAllByRole("article");
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByRole("heading").textContent).toBe("Final logo files");
    expect(cards[0]?.textContent).toContain("Waiting on Priya Shah");
    expect(counter("I'm waiting on")).toBe("3");
    expect(counter("Waiting on me")).toBe("2");
    expect(status()).toContain("Blocker added: Final logo files");
    expect((screen.getByLabelText("What are you waiting for?") as HTMLInputElement).value).toBe("");
  });

  it("shows an error tied to the title field when the title is empty, and adds nothing", () => {
    render(<InteractiveDemo />);
    addBlocker("   ");
    const input = screen.getByLabelText("What are you waiting for?");
    const errorId = input.getAttribute("aria-describedby");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(errorId && document.getElementById(errorId)?.textContent).toBe("Say what you are waiting for");
    expect(document.activeElement).toBe(input);
    expect(counter("I'm waiting on")).toBe("2");
    // Typing a title clears the error.
    fireEvent.change(input, { target: { value: "Something" } });
    expect(input.getAttribute("aria-invalid")).toBe("false");
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });

  it("says a title over 200 characters is too long", () => {
    render(<InteractiveDemo />);
    addBlocker("x".repeat(201));
    expect(screen.getByText("Use at most 200 characters")).toBeTruthy();
    expect(counter("I'm waiting on")).toBe("2");
  });

  it("nudges once, then refuses a second nudge of the same blocker with a friendly note", () => {
    render(<InteractiveDemo />);
    const nudgeSam = screen.getByRole("button", { name: "Nudge Sam Okafor" });
    fireEvent.click(nudgeSam);
    expect(status()).toBe("Nudged Sam Okafor");
    const card = nudgeSam.closest("article") as HTMLElement;
    expect(card.textContent).toContain("Nudged just now · 3 nudges");
    fireEvent.click(nudgeSam);
    expect(status()).toContain("You already nudged Sam Okafor just now");
    expect(card.textContent).toContain("3 nudges");
  });

  it("marks a Waiting on me blocker done: it leaves the list, goes to Resolved and the counter follows", () => {
    render(<InteractiveDemo />);
    fireEvent.click(screen.getByRole("button", { name: "Mark done: Review: onboarding copy" }));
    expect(within(list("Waiting on me")).queryByRole("heading", { name: "Review: onboarding copy" })).toBeNull();
    expect(counter("Waiting on me")).toBe("1");
    expect(within(screen.getByRole("list", { name: /^Resolved/ })).getByText(/Review: onboarding copy/)).toBeTruthy();
    expect(status()).toContain("Marked done: Review: onboarding copy");
    // Focus moves on to the next Done button rather than getting lost with the removed card.
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/^Mark done: /);
  });

  it("shows an empty Waiting on me and puts focus on its heading once everything is done", () => {
    render(<InteractiveDemo />);
    for (const button of screen.getAllByRole("button", { name: /^Mark done: / })) fireEvent.click(button);
    expect(counter("Waiting on me")).toBe("0");
    expect(screen.getByText("Nobody is waiting on you. Enjoy it.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Waiting on me" }));
  });

  it("resets to the start, form included", () => {
    render(<InteractiveDemo />);
    addBlocker("Final logo files");
    fireEvent.click(screen.getByRole("button", { name: "Mark done: Review: onboarding copy" }));
    fireEvent.change(screen.getByLabelText("What are you waiting for?"), { target: { value: "Half typed" } });
    fireEvent.click(screen.getByRole("button", { name: "Reset demo" }));
    expect(counter("Waiting on me")).toBe("2");
    expect(counter("I'm waiting on")).toBe("2");
    expect(screen.queryByText(/Final logo files/)).toBeNull();
    expect((screen.getByLabelText("What are you waiting for?") as HTMLInputElement).value).toBe("");
    expect(status()).toBe("Demo reset to the start");
  });

  it("never touches the network, cookies or storage", () => {
    const cookiesBefore = document.cookie;
    render(<InteractiveDemo />);
    addBlocker("Final logo files", "lee");
    fireEvent.click(screen.getByRole("button", { name: "Nudge Dana Kim" }));
    fireEvent.click(screen.getByRole("button", { name: "Nudge Dana Kim" }));
    fireEvent.click(screen.getByRole("button", { name: "Mark done: Review: onboarding copy" }));
    fireEvent.click(screen.getByRole("button", { name: "Reset demo" }));
    expect(networkCalls).toEqual([]);
    expect(document.cookie).toBe(cookiesBefore);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
