// npm run slack:manifest: prints the Slack app's manifest for this Holdup (APP_URL) and writes slack/manifest.json.
import fs from "node:fs";
import { loadConfig } from "../server/config.ts";
import { slackManifest } from "../server/features/slack/slack-manifest.ts";

const manifest = JSON.stringify(slackManifest(loadConfig().appUrl), null, 2);
fs.mkdirSync("slack", { recursive: true });
fs.writeFileSync("slack/manifest.json", `${manifest}\n`);
console.log(manifest);
