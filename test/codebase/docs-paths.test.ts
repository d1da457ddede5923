// The docs name files; a file that moved must not leave a doc pointing at nothing. Every path the
// README and docs/ write in backticks, and every entry of the architecture doc's file list, exists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOCS = ["README.md", ...readdirSync(`${ROOT}docs`).map((name) => `docs/${name}`)].filter((file) =>
  file.endsWith(".md"),
);
const PATH = /^(?:src|test|scripts|replicas|bench|migrations|clients|docs)\/[\w./-]*[\w/]$/;

/** Paths in backticks, with a `:line` or a trailing `…` removed. */
function quotedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, quoted]) => quoted!.replace(/:\d+$/, ""))
    .filter((quoted) => PATH.test(quoted) && !quoted.includes("*") && !quoted.includes("{"));
}

/** Every file of the project's own folders, as paths from the root. */
const FILES = [
  ...readdirSync(ROOT),
  ...["src", "test", "scripts", "replicas", "bench", "clients"].flatMap((dir) =>
    (readdirSync(`${ROOT}${dir}`, { recursive: true }) as string[])
      .map((name) => `${dir}/${name.replaceAll("\\", "/")}`)
      .filter((path) => !path.includes("node_modules")),
  ),
];

/** Source file names in backticks without their folder (`fleet.ts`, `engines/fetch.ts`). */
function quotedFileNames(text: string): string[] {
  return [...text.matchAll(/`([\w./-]+\.tsx?)`/g)].map(([, name]) => name!).filter((name) => !PATH.test(name));
}

describe("paths the docs name", () => {
  it.each(DOCS)("%s names only source files that exist, with or without their folder", (file) => {
    const text = readFileSync(`${ROOT}${file}`, "utf8");
    const missing = quotedFileNames(text).filter(
      (name) => !FILES.some((path) => path === name || path.endsWith(`/${name.replace(/^\.\//, "")}`)),
    );
    expect(missing).toEqual([]);
  });

  it.each(DOCS)("%s names only files that exist", (file) => {
    const missing = quotedPaths(readFileSync(`${ROOT}${file}`, "utf8")).filter((path) => !existsSync(`${ROOT}${path}`));
    expect(missing).toEqual([]);
  });

  it("lists in docs/architecture.md only files and folders that exist", () => {
    const text = readFileSync(`${ROOT}docs/architecture.md`, "utf8");
    const block = /## Files\s+```\n([\s\S]*?)```/.exec(text)![1]!;
    const entries = block
      .split("\n")
      .map((line) => /^(\S+)/.exec(line)?.[1])
      .filter((entry): entry is string => !!entry && PATH.test(entry));
    expect(entries.length).toBeGreaterThan(20);
    expect(entries.filter((entry) => !existsSync(`${ROOT}${entry}`))).toEqual([]);
  });
});
