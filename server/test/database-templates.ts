// Every test file (and each benchmark, and the browser tests' servers) starts on an empty database with every
// migration applied. Making one from nothing costs PGlite's initdb and 26 migrations — about 5–10 s of a core and
// 900 MB at its peak, per server — and on PostgreSQL the same migrations per database. Both are made once per
// machine and set of migrations instead, and copied: a PGlite directory in about half a second, a PostgreSQL
// database with CREATE DATABASE … TEMPLATE in a few milliseconds.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../db/client.ts";

const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

/**
 * What makes a template: the migrations (names and contents) and the PGlite build that wrote its files. A change to
 * either makes a new one; old ones are left in the temporary folder, a few tens of megabytes each.
 */
function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(`pglite ${pgliteVersion()}\n`);
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The installed PGlite's version, from its package.json (which its exports do not name). */
function pgliteVersion(): string {
  let folder = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!fs.existsSync(path.join(folder, "package.json")) || JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).name !== "@electric-sql/pglite") {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error("@electric-sql/pglite's package.json was not found");
    folder = parent;
  }
  return String(JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).version);
}

let key: string | undefined;
const currentKey = () => (key ??= templateKey());

/** Made at most once per process; two processes that race each make one, and the first to finish is kept. */
let pgliteTemplate: Promise<string> | undefined;

async function makePgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `holdup-pglite-template-${currentKey()}`);
  if (fs.existsSync(path.join(template, "pglite", "PG_VERSION"))) return template;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "holdup-pglite-template-making-"));
  const database = await openDatabase({ dataDir: scratch });
  await database.close();
  try {
    // A rename is atomic: nobody ever copies a half-made template.
    fs.renameSync(scratch, template);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another process finished first (the target exists and is not empty): theirs is as good.
    if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return template;
}

/** Fills `dataDir` with a migrated PGlite database, as a first start would leave it. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = await (pgliteTemplate ??= makePgliteTemplate());
  fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

const templateLock = 7_460_115;
const postgresTemplates = new Map<string, Promise<string>>();

/** The name of a migrated database on the server of `adminUrl`, made the first time it is asked for. */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `holdup_template_${currentKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Held across the making, so that a second process waits and then finds the template whole.
    await admin.query("select pg_advisory_lock($1)", [templateLock]);
    const { rows } = await admin.query<{ ready: boolean }>("select datistemplate as ready from pg_database where datname = $1", [name]);
    if (rows[0]?.ready) return name;
    // A template left half-made by a killed run is made again; those of older migrations go.
    const { rows: stale } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'holdup_template_%' and datname <> $1", [name]);
    for (const { datname } of stale) {
      await admin.query(`alter database ${datname} is_template false`);
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    await database.close();
    // Marked only once migrated: a template that is marked is complete.
    await admin.query(`alter database ${name} is_template true`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [templateLock]).catch(() => {});
    await admin.end();
  }
}

/** A fresh database with every migration applied, on the test PostgreSQL server; dropped again by `drop`. */
export async function createTestDatabase(adminUrl: string) {
  let template = postgresTemplates.get(adminUrl);
  if (!template) postgresTemplates.set(adminUrl, (template = postgresTemplate(adminUrl)));
  const name = `holdup_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${await template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
