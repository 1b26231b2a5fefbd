// The look of every e-mail Holdup sends, built with react-email (its components write the tables and inline styles
// mail clients need): the heading, the lines, a code or a quoted title, the buttons, and a footer with the
// unsubscribe link where there is one. Light by default; dark where the mail client follows the reader's setting.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";

export type EmailAction = { label: string; url: string };
export type EmailItem = { heading: string; title: string; details: string; actions: EmailAction[] };
export type EmailContent = {
  subject: string;
  heading: string;
  lines: string[];
  /** What the e-mail is about, quoted (a blocker's title). */
  quote?: string;
  code?: string;
  /** The first is the main one; the others are set beside it, quieter. */
  actions?: EmailAction[];
  /** Several things in one e-mail (a person's changes of the last minutes): each its heading, title, details and links. */
  items?: EmailItem[];
  /** Where to stop this kind of e-mail (the footer, and the List-Unsubscribe header). */
  unsubscribe?: { label: string; url: string };
};

const PREVIEW_FILLER = "\u00a0\u200c".repeat(90);

const colours = { text: "#18181b", muted: "#71717a", border: "#e4e4e7", brand: "#4f46e5", background: "#f4f4f5", card: "#ffffff" };

// Clients that follow the reader's dark setting (Apple Mail, Outlook on macOS and iOS) read this; others keep light.
const darkStyles = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .holdup-body { background-color: #09090b !important; }
    .holdup-card { background-color: #18181b !important; border-color: #27272a !important; }
    .holdup-text { color: #fafafa !important; }
    .holdup-muted { color: #a1a1aa !important; }
    .holdup-secondary { color: #fafafa !important; border-color: #3f3f46 !important; }
  }`;

export function HoldupEmail({ heading, lines, quote, code, actions = [], items = [], unsubscribe }: EmailContent) {
  const [primary, ...secondary] = actions;
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkStyles}</style>
      </Head>
      {/* The inbox's preview line, hidden in the message; a fixed run of blank characters after it keeps mail clients
          from filling the preview with the body (react-email's Preview pads by the text's length instead, which
          templates cannot know). */}
      <div style={{ display: "none", maxHeight: 0, overflow: "hidden", opacity: 0 }}>
        {quote ? `${heading}: ${quote}` : heading}
        {PREVIEW_FILLER}
      </div>
      <Body className="holdup-body" style={{ backgroundColor: colours.background, fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif", margin: 0, padding: "24px 0" }}>
        <Container className="holdup-card" style={{ backgroundColor: colours.card, border: `1px solid ${colours.border}`, borderRadius: 12, maxWidth: 520, padding: "28px 32px" }}>
          <Text style={{ color: colours.brand, fontSize: 14, fontWeight: 700, letterSpacing: 0.4, margin: "0 0 16px" }}>Holdup</Text>
          <Heading as="h1" className="holdup-text" style={{ color: colours.text, fontSize: 22, lineHeight: "28px", margin: "0 0 12px" }}>
            {heading}
          </Heading>
          {quote && (
            <Text className="holdup-text" style={{ borderLeft: `3px solid ${colours.brand}`, color: colours.text, fontSize: 16, fontWeight: 600, margin: "0 0 16px", paddingLeft: 12 }}>
              {quote}
            </Text>
          )}
          {lines.map((line, index) => (
            <Text key={index} className="holdup-text" style={{ color: colours.text, fontSize: 15, lineHeight: "24px", margin: "0 0 12px" }}>
              {line}
            </Text>
          ))}
          {code && <Text style={{ color: colours.brand, fontSize: 30, fontWeight: 700, letterSpacing: 6, margin: "8px 0 16px" }}>{code}</Text>}
          {items.map((item, index) => (
            <Section key={index} className="holdup-card" style={{ borderTop: `1px solid ${colours.border}`, padding: "12px 0 4px" }}>
              <Text className="holdup-muted" style={{ color: colours.muted, fontSize: 13, lineHeight: "18px", margin: 0 }}>
                {item.heading}
              </Text>
              <Text className="holdup-text" style={{ color: colours.text, fontSize: 16, fontWeight: 600, lineHeight: "22px", margin: "2px 0" }}>
                {item.title}
              </Text>
              <Text className="holdup-muted" style={{ color: colours.muted, fontSize: 13, lineHeight: "18px", margin: "0 0 6px" }}>
                {item.details}
              </Text>
              <Text style={{ fontSize: 14, lineHeight: "20px", margin: "0 0 8px" }}>
                {item.actions.map((action, actionIndex) => (
                  <span key={actionIndex}>
                    {actionIndex > 0 && " · "}
                    <Link href={action.url} style={{ color: colours.brand, fontWeight: 600, textDecoration: "none" }}>
                      {action.label}
                    </Link>
                  </span>
                ))}
              </Text>
            </Section>
          ))}
          {primary && (
            <Section style={{ margin: "20px 0 8px" }}>
              <Button href={primary.url} style={{ backgroundColor: colours.brand, borderRadius: 8, color: "#ffffff", fontSize: 15, fontWeight: 600, padding: "11px 18px", textDecoration: "none" }}>
                {primary.label}
              </Button>
              {secondary.map((action) => (
                <Button
                  key={action.url}
                  href={action.url}
                  className="holdup-secondary"
                  style={{ border: `1px solid ${colours.border}`, borderRadius: 8, color: colours.text, fontSize: 15, marginLeft: 8, padding: "10px 16px", textDecoration: "none" }}
                >
                  {action.label}
                </Button>
              ))}
            </Section>
          )}
          <Hr style={{ borderColor: colours.border, margin: "24px 0 12px" }} />
          <Text className="holdup-muted" style={{ color: colours.muted, fontSize: 12, lineHeight: "18px", margin: 0 }}>
            Holdup — see who is waiting on whom.
            {unsubscribe && (
              <>
                {" "}
                <Link href={unsubscribe.url} style={{ color: colours.muted, textDecoration: "underline" }}>
                  {unsubscribe.label}
                </Link>
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[character] ?? character);

/** A stand-in for one value in a template: control characters no value of ours contains, and that React leaves as they are. */
const SLOT_START = "\u0002";
const SLOT_END = "\u0003";
const slot = (name: string) => `${SLOT_START}${name}${SLOT_END}`;
const SLOTS = new RegExp(`${SLOT_START}(\\w+)${SLOT_END}`, "g");

/**
 * Rendering with React costs about 4 ms an e-mail, most of what a burst of reminders spends: each shape of e-mail
 * (how many lines and actions, a quote, a code, an unsubscribe link) is rendered once with stand-ins, and each e-mail
 * fills its values in, escaped as React escapes them. `renderDirectly` is the reference the tests compare it with.
 */
const templates = new Map<string, Promise<string>>();

export const renderDirectly = (content: EmailContent) => render(<HoldupEmail {...content} />);

function renderHtml(content: EmailContent): Promise<string> {
  const actions = content.actions ?? [];
  const items = content.items ?? [];
  const shape = JSON.stringify([content.lines.length, content.quote !== undefined, content.code !== undefined, actions.length, content.unsubscribe !== undefined, items.map((item) => item.actions.length)]);
  let template = templates.get(shape);
  if (!template) {
    template = renderDirectly({
      subject: "",
      heading: slot("heading"),
      lines: content.lines.map((_, index) => slot(`line${index}`)),
      ...(content.quote !== undefined ? { quote: slot("quote") } : {}),
      ...(content.code !== undefined ? { code: slot("code") } : {}),
      actions: actions.map((_, index) => ({ label: slot(`label${index}`), url: slot(`url${index}`) })),
      items: items.map((item, index) => ({
        heading: slot(`item${index}heading`),
        title: slot(`item${index}title`),
        details: slot(`item${index}details`),
        actions: item.actions.map((_, actionIndex) => ({ label: slot(`item${index}label${actionIndex}`), url: slot(`item${index}url${actionIndex}`) })),
      })),
      ...(content.unsubscribe ? { unsubscribe: { label: slot("unsubscribeLabel"), url: slot("unsubscribeUrl") } } : {}),
    });
    templates.set(shape, template);
  }
  const values: Record<string, string> = {
    heading: content.heading,
    quote: content.quote ?? "",
    code: content.code ?? "",
    unsubscribeLabel: content.unsubscribe?.label ?? "",
    unsubscribeUrl: content.unsubscribe?.url ?? "",
    ...Object.fromEntries(content.lines.map((line, index) => [`line${index}`, line])),
    ...Object.fromEntries(actions.flatMap((action, index) => [[`label${index}`, action.label], [`url${index}`, action.url]])),
    ...Object.fromEntries(
      items.flatMap((item, index) => [
        [`item${index}heading`, item.heading],
        [`item${index}title`, item.title],
        [`item${index}details`, item.details],
        ...item.actions.flatMap((action, actionIndex) => [[`item${index}label${actionIndex}`, action.label], [`item${index}url${actionIndex}`, action.url]]),
      ]),
    ),
  };
  return template.then((html) => html.replace(SLOTS, (_, name: string) => escapeHtml(values[name] ?? "")));
}

/**
 * The e-mail as sent: the HTML react-email renders, and a plain-text part written out line by line (the code or the
 * first action's link first, where tests and people look for them), and the List-Unsubscribe headers (RFC 8058)
 * where there is an unsubscribe link.
 */
export async function renderEmail(content: EmailContent, oneClickUnsubscribeUrl?: string) {
  const { subject, heading, lines, quote, code, actions = [], items = [], unsubscribe } = content;
  const text = [
    heading,
    "",
    ...(quote ? [`“${quote}”`, ""] : []),
    ...lines,
    ...(code ? ["", code] : []),
    ...items.flatMap((item) => ["", `${item.heading}: “${item.title}”`, item.details, ...item.actions.map((action) => `${action.label}: ${action.url}`)]),
    ...actions.flatMap((action) => ["", `${action.label}: ${action.url}`]),
    "",
    "— Holdup",
    ...(unsubscribe ? ["", `${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join("\n");
  const html = await renderHtml(content);
  const headers = oneClickUnsubscribeUrl ? { "List-Unsubscribe": `<${oneClickUnsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
  return { subject, text, html, ...(headers ? { headers } : {}) };
}
