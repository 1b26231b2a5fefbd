// Start-up's baseline (bench/startup.ts): a bare Node server that opens Holdup's database the way Holdup opens it —
// PGlite.create on DATA_DIR/pglite, or a connection to DATABASE_URL — and then answers 200 to every request. It is
// what starting costs on this machine, right now, before any of Holdup's own code: Holdup's start-up is reported as
// a ratio to it. Plain JavaScript (no loader to start), run by `npm run bench:bare-server` as Holdup by `npm start`.
import http from "node:http";
import path from "node:path";

const { DATABASE_URL: databaseUrl, DATA_DIR: dataDir = "data", PORT: port = "3000" } = process.env;

async function openDatabase() {
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return () => client.end();
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const database = await PGlite.create(path.join(dataDir, "pglite"));
  return () => database.close();
}

const closeDatabase = await openDatabase();
const server = http.createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'));
server.listen(Number(port));
process.once("SIGTERM", () => {
  server.close();
  void closeDatabase().then(() => process.exit(0));
});
