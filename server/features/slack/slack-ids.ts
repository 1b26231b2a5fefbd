// Slack's ids (T… for a workspace, U… or W… for a person, C…, D… or G… for a conversation): capitals and digits.
import { z } from "zod";

export const slackIdSchema = z.string().regex(/^[A-Z0-9]{1,40}$/, "Not a Slack id");
