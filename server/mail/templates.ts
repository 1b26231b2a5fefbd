// Every e-mail Holdup sends, as plain text and simple inline-styled HTML (what mail clients render reliably).
type Content = { subject: string; heading: string; lines: string[]; code?: string; action?: { label: string; url: string } };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

function render({ subject, heading, lines, code, action }: Content) {
  const text = [heading, "", ...lines, ...(code ? ["", code] : []), ...(action ? ["", `${action.label}: ${action.url}`] : []), "", "— Holdup"].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#18181b;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${lines.map((line) => `<p style="line-height:1.5">${escapeHtml(line)}</p>`).join("\n")}
${code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>` : ""}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#18181b;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ""}
<p style="color:#71717a;font-size:12px">Holdup — see who is waiting on whom.</p></body></html>`;
  return { subject, text, html };
}

/** Header-safe: a name typed into a form, on one line. */
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, " ").trim();

export const emailTemplates = {
  verifyEmail: (url: string) =>
    render({
      subject: "Confirm your e-mail for Holdup",
      heading: "Confirm your e-mail",
      lines: ["Open the link below to confirm your address and finish signing up.", "If you did not sign up for Holdup, ignore this e-mail."],
      action: { label: "Confirm e-mail", url },
    }),
  confirmNewEmail: (url: string) =>
    render({
      subject: "Confirm your new e-mail for Holdup",
      heading: "Confirm your new e-mail",
      lines: ["Someone asked to use this address for their Holdup account. Open the link below to confirm it: the account moves to this address then.", "If it was not you, ignore this e-mail: nothing changes."],
      action: { label: "Confirm new e-mail", url },
    }),
  oneTimeCode: (code: string, purpose: "sign-in" | "email-verification" | "forget-password") =>
    render({
      subject: purpose === "sign-in" ? `Your Holdup sign-in code: ${code}` : `Your Holdup code: ${code}`,
      heading: purpose === "sign-in" ? "Your sign-in code" : purpose === "forget-password" ? "Your password reset code" : "Your verification code",
      lines: ["Enter this code in Holdup. It expires in 5 minutes and works once."],
      code,
    }),
  resetPassword: (url: string) =>
    render({
      subject: "Reset your Holdup password",
      heading: "Reset your password",
      lines: ["Someone asked to reset the password of your Holdup account. Open the link below to choose a new one. It expires in 1 hour.", "If it was not you, ignore this e-mail: your password stays as it is."],
      action: { label: "Choose a new password", url },
    }),
  nudge: (options: { nudgerName: string; title: string; url: string }) =>
    render({
      subject: `${options.nudgerName} is waiting on you: ${options.title}`,
      heading: `${options.nudgerName} is still waiting on you`,
      lines: [`“${options.title}”`, "Open the blocker to mark your part done, say it is not yours, or snooze the reminders."],
      action: { label: "Open the blocker", url: options.url },
    }),
  /** To Holdup's support address; replying answers the sender (Reply-To). */
  supportRequest: (request: { id: string; name: string; email: string; message: string; receivedAt: Date; signedIn: { profileId: string; accountEmail: string } | null }) =>
    render({
      subject: `Support request from ${oneLine(request.name)}`,
      heading: `Support request from ${oneLine(request.name)}`,
      lines: [
        `Name: ${request.name}`,
        `E-mail: ${request.email}`,
        request.signedIn ? `Signed in: yes, profile ${request.signedIn.profileId} (account e-mail ${request.signedIn.accountEmail})` : "Signed in: no",
        `Received: ${request.receivedAt.toISOString()} (request ${request.id})`,
        "Message:",
        ...request.message.split(/\r?\n/),
      ],
    }),
  /**
   * A notification by e-mail (its type's words). `actorName`: who did it; for an automatic reminder, whoever waits
   * (the blocker's author). `automatic`: Holdup's own reminder rather than someone's nudge.
   */
  notification: (options: { type: string; automatic: boolean; actorName: string; title: string; url: string; payload: Record<string, unknown> }) => {
    const { actorName: actor, title, url } = options;
    const quoted = `“${title}”`;
    const open = { label: "Open the blocker", url };
    const answer = "Open the blocker to mark your part done, say it is not yours, or snooze the reminders.";
    const reason = typeof options.payload.reason === "string" && options.payload.reason.trim() ? [`“${options.payload.reason.trim()}”`] : [];
    switch (options.type) {
      case "blocker_assigned":
        return render({ subject: `${actor} is waiting on you: ${title}`, heading: `${actor} is waiting on you`, lines: [quoted, answer], action: open });
      case "nudged":
        return options.automatic
          ? render({ subject: `${actor} is waiting on you: ${title}`, heading: `A reminder: ${actor} is still waiting on you`, lines: [quoted, answer], action: open })
          : render({ subject: `${actor} is waiting on you: ${title}`, heading: `${actor} is still waiting on you`, lines: [quoted, answer], action: open });
      case "done":
        return render({ subject: `${actor} did their part: ${title}`, heading: `${actor} marked their part done`, lines: [quoted], action: open });
      case "declined":
        return render({ subject: `${actor} declined: ${title}`, heading: `${actor} says it is not theirs`, lines: [quoted, ...reason, "Open the blocker to ask someone else, or cancel it."], action: open });
      case "resolved":
        return render({ subject: `Resolved: ${title}`, heading: "Nothing waits any more", lines: [quoted], action: open });
      case "commented":
        return render({ subject: `${actor} commented: ${title}`, heading: `${actor} commented`, lines: [quoted], action: open });
      case "escalated":
        return render({
          subject: `${actor} has not answered after ${String(options.payload.reminders ?? "several")} reminders: ${title}`,
          heading: `${actor} is holding this up`,
          lines: [quoted, `Holdup has reminded ${actor} ${String(options.payload.reminders ?? "several")} times without an answer.`],
          action: open,
        });
      default:
        return render({ subject: `Holdup: ${title}`, heading: "Something changed", lines: [quoted], action: open });
    }
  },
  invitation: (options: { inviterName: string; teamName: string; url: string }) =>
    render({
      subject: `${options.inviterName} invited you to ${options.teamName} on Holdup`,
      heading: `Join ${options.teamName} on Holdup`,
      lines: [`${options.inviterName} invited you to track blockers with the ${options.teamName} team.`, "Sign up or sign in with this e-mail address to accept."],
      action: { label: "Accept the invitation", url: options.url },
    }),
};
