// `npm run dev`: the API server (restarting on change) and Vite's dev server (hot reload) side by side.
// Open http://localhost:5173; Vite forwards /api to the server on port 3000.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, APP_URL: "http://localhost:5173" } }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
for (const child of children) child.once("exit", stop);
