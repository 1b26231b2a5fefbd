// E-mails are rendered from a template per shape, their values filled in (email-layout.tsx): the same HTML React
// renders for those values, whatever they hold (markup, quotes, ampersands, emoji).
import { describe, expect, it } from "vitest";
import { renderDirectly, renderEmail, type EmailContent } from "./email-layout.tsx";

const hostile = `<script>alert("x")</script> & 'quotes' — “curly” 🚀`;
const contents: EmailContent[] = [
  { subject: "s", heading: `Alice ${hostile} is waiting`, quote: hostile, lines: [hostile, "Second line"], actions: [{ label: `Mark ${hostile}`, url: "https://holdup.example/e/abc?x=1&y=2" }, { label: "Open", url: "https://holdup.example/blockers/1" }], unsubscribe: { label: "Stop", url: "https://holdup.example/e/u" } },
  { subject: "s", heading: "Your sign-in code", lines: ["Enter this code in Holdup."], code: "123456" },
  { subject: "s", heading: "No lines", lines: [] },
  {
    subject: "s",
    heading: "Alice logged 2 blockers on you",
    lines: [],
    items: [
      { heading: `Alice ${hostile}`, title: hostile, details: "Urgent · waiting 2 minutes", actions: [{ label: "Mark done", url: "https://holdup.example/e/1?a=1&b=2" }, { label: "Open", url: "https://holdup.example/blockers/1" }] },
      { heading: "Alice is waiting on you", title: "Second", details: "Low priority · waiting 1 minute", actions: [{ label: "Open", url: "https://holdup.example/blockers/2" }] },
    ],
  },
];

describe("rendering e-mails from templates", () => {
  it("gives the HTML React renders directly, values escaped the same way", async () => {
    for (const content of contents) {
      const { html } = await renderEmail(content);
      expect(html).toBe(await renderDirectly(content));
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("\u0002");
      expect(html).not.toContain("\u0003");
    }
  });

  it("keeps each e-mail's own values when many of the same shape are rendered at once", async () => {
    const many = await Promise.all(Array.from({ length: 20 }, (_, index) => renderEmail({ ...contents[0], heading: `Person ${index}` } as EmailContent)));
    many.forEach(({ html }, index) => expect(html).toContain(`Person ${index} `.trim()));
  });
});
