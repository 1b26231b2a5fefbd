// `npm start`: brings the build up to date (the web app and the server bundle, each when missing or older than its
// sources), then runs the server in this same process, so signals reach it directly.
import { pathToFileURL } from "node:url";
import { buildServer, buildWeb, serverBuildIsStale, serverBundle, webBuildIsStale } from "./build.mjs";

if (webBuildIsStale()) {
  console.log("Building the web app…");
  await buildWeb();
}
if (serverBuildIsStale()) await buildServer();
await import(pathToFileURL(serverBundle).href);
