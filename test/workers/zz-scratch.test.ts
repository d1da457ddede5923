import { it } from "vitest";
import full from "/tmp/full-eur.json";
import { resolveDestination } from "../../src/travel/places";
import { refreshRates, loadRates } from "../../src/travel/currency";
import { env } from "./helpers";
it("scratch", async () => {
  for (const q of ["Atlantis", "Pariss", "Lndon", "Berln", "New York", "Valencia", "Cordoba", "San Jose", "Springfield", "Sacre Coeur", "Big Ben", "Amsterdam, Netherlands", "Washington", "Bali", "Alhambra"]) {
    const r = await resolveDestination(env.DB, q);
    console.log(q, "=>", r.place ? `${r.place.kind} ${r.place.name}/${r.place.country} alts=${r.alternatives.map((a) => a.name + "/" + a.country).join(",")}` : `suggest ${r.suggestions.map((s) => s.name + "/" + s.country).join(",")}`);
  }
  console.log(await refreshRates(env.DB, "https://x.test/eur.json", async () => Response.json(full)));
  console.log(Object.keys((await loadRates(env.DB)).perEur).join(" "));
});
