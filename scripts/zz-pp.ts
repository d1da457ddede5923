import { scoreBatch } from "./article-score.ts";
for (let i = 1; i <= 20; i++) {
  const b = `test/fixtures/articles/batch-${String(i).padStart(2, "0")}`;
  for (const s of scoreBatch(b)) console.log(`${b.slice(-8)} ${s.name} ${s.f1.toFixed(4)}`);
}
