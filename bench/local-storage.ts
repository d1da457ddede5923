// What a local stack holds, read from the files wrangler dev persists (miniflare's SQLite files,
// opened read-only beside the running server): rows of the D1 database and keys of the R2 bucket.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/** The SQLite files of one miniflare storage kind, as read-only databases. */
function databases(persistTo: string, folder: string): DatabaseSync[] {
  const dir = join(persistTo, "v3", folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    .map((name) => new DatabaseSync(join(dir, name), { readOnly: true }));
}

export interface LocalStorage {
  /** The first row of a query on the D1 database. */
  row<T>(sql: string, ...params: (string | number)[]): T | undefined;
  /** R2 objects whose key starts with `prefix`. */
  objects(prefix: string): number;
  close(): void;
}

export function openLocalStorage(persistTo: string): LocalStorage {
  const d1 = databases(persistTo, "d1/miniflare-D1DatabaseObject").find(
    (db) => db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'datasets'").get() !== undefined,
  );
  if (!d1) throw new Error(`no D1 database with a datasets table under ${persistTo}`);
  return {
    row: <T>(sql: string, ...params: (string | number)[]) => d1.prepare(sql).get(...params) as T | undefined,
    // Opened when asked: the bucket's file appears with its first object.
    objects: (prefix: string) => {
      let objects = 0;
      for (const db of databases(persistTo, "r2/miniflare-R2BucketObject")) {
        const row = db.prepare("SELECT count(*) AS n FROM _mf_objects WHERE substr(key, 1, ?) = ?");
        objects += Number((row.get(prefix.length, prefix) as { n: number }).n);
        db.close();
      }
      return objects;
    },
    close: () => d1.close(),
  };
}
