// PGlite is one process's database: a second process opening the same directory corrupts it.
// A pid file taken atomically at start makes a second server refuse instead.
import fs from "node:fs";
import path from "node:path";

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "holdup.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `Another Holdup server (pid ${holder}) is already using the data directory ${dataDir}. ` +
            "Stop it first, or start this one with another DATA_DIR (or a DATABASE_URL).",
        );
      }
      // The holder died without cleaning up (kill -9, power loss): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}
