import path from "node:path";

/**
 * The embedded API's database file, found as the server finds it (README, Configuration):
 * DATABASE_PATH, else kavach.sqlite under DATA_DIR (./data). Read from the environment here, not
 * from the app's configuration: the sandbox never imports the app.
 */
export function databasePath(env: Record<string, string | undefined> = process.env): string {
  return env.DATABASE_PATH || path.join(env.DATA_DIR || "./data", "kavach.sqlite");
}

/** A timestamp safe in a file name, in UTC: 2026-11-27T19-04-05Z. */
export function fileStamp(at = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}
