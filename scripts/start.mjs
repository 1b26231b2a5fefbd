// `npm start`: brings the build up to date (the web app when missing or older than its sources, the server
// bundle always: it takes milliseconds), then runs the server in this same process, so signals reach it directly.
import { pathToFileURL } from "node:url";
import { buildServer, buildWeb, serverBundle, webBuildIsStale } from "./build.mjs";

if (webBuildIsStale()) {
  console.log("Building the web app…");
  await buildWeb();
}
await buildServer();
await import(pathToFileURL(serverBundle).href);
