// `npm start`: brings the build up to date (the web app and the server bundle, each when missing or older than its
// sources), then runs the server in this same process, so signals reach it directly.
import { pathToFileURL } from "node:url";
import { buildServer, buildWeb, serverBuildIsStale, serverBundle, webBuildIsStale } from "./build.mjs";

// The first start (and the first after an update) builds; it says so, and how long it took, so a wait is explained.
const timed = async (what, build) => {
  const started = performance.now();
  console.log(`Building ${what} (the first start after installing or updating Holdup; about 20 seconds)…`);
  await build();
  console.log(`Built ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
};
if (webBuildIsStale()) await timed("the web app", buildWeb);
if (serverBuildIsStale()) await timed("the server", buildServer);
await import(pathToFileURL(serverBundle).href);
