// Vitest runs the projects one after another (its sequencer sorts files by project name) and, on a fresh
// clone with no timings cached, each project's files in the order they were found: the fuzzer and the
// attack suite's route variants, minutes of CPU each, started last and ran alone at the end while the
// other core idled. The files measured longest start first instead, each in a lane of its own, and the
// rest fill the other lanes around them.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The longest files of a CI run, longest first: CPU-bound ones, then those that mostly wait on a wrangler dev. */
const LONGEST_FIRST = [
  "test/workers/fuzz.test.ts",
  "test/security/route-variants.test.ts",
  "test/e2e/jobs-worker.test.ts",
  "test/e2e/local-parity.test.ts",
  "test/fixtures/corpus.test.ts",
  "test/e2e/browser-idle.test.ts",
  "test/e2e/datasets-shop.test.ts",
  "test/security/start-stop.node.test.ts",
  "test/fixtures/articles.test.ts",
];

const rank = (file: TestSpecification) => {
  const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
  return at < 0 ? LONGEST_FIRST.length : at;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array sort is stable: the files not listed keep the order Vitest gave them.
    return (await super.sort(files)).sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}
