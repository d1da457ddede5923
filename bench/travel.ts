// Multi-platform hotel search against the slowest single platform: how parallel the fan-out is.
import { median } from "./stats.ts";

export interface TravelFigures {
  /** Median ms per single platform. */
  single: Record<string, number>;
  all: number;
  slowest: number;
  sum: number;
  ratio: number;
}

/**
 * Fresh searches, one platform at a time and then all four. With `enrich: false` each search reads
 * its platforms' search pages only, so the ratio shows the fan-out itself; with `enrich: true` the
 * hotels' own pages are read too (six at a time), which all four platforms' 70-odd hotels make
 * longer than any one platform's twenty.
 */
export async function travelParallelism(
  baseUrl: string,
  key: Record<string, string>,
  samples = 5,
  options: { enrich: boolean },
): Promise<TravelFigures> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = `check_in=${day(50)}&check_out=${day(52)}&fresh=true&enrich=${options.enrich}`;
  const cities = ["Dublin", "Paris", "London", "Berlin", "Rome", "Madrid", "Amsterdam", "Lisbon"];
  const time = async (platform: string, i: number) => {
    const started = performance.now();
    const response = await fetch(
      `${baseUrl}/v1/travel/${platform}/hotels/search?destination=${cities[i % cities.length]}&${stay}`,
      { headers: key },
    );
    await response.json();
    if (response.status !== 200) throw new Error(`travel search ${platform} answered ${response.status}`);
    return performance.now() - started;
  };
  const single: Record<string, number> = {};
  for (const platform of ["booking", "expedia", "hotels", "airbnb"]) {
    const runs: number[] = [];
    for (let i = 0; i < samples; i++) runs.push(await time(platform, i));
    single[platform] = median(runs);
  }
  const all: number[] = [];
  for (let i = 0; i < samples; i++) all.push(await time("all", i));
  const slowest = Math.max(...Object.values(single));
  const sum = Object.values(single).reduce((a, b) => a + b, 0);
  return { single, all: median(all), slowest, sum, ratio: median(all) / slowest };
}

export function printTravel(searchOnly: TravelFigures, enriched: TravelFigures, samples: number, latencyMs: number) {
  const latency = latencyMs ? `each page answered after ${latencyMs} ms ±20 %` : "no added latency";
  console.log(`\n**Hotel search**, fresh scrapes of the replicas (${latency}), median of ${samples}\n`);
  console.log("| platforms | search pages only (`enrich=false`), ms | with hotel pages (default), ms |");
  console.log("|---|---:|---:|");
  for (const platform of Object.keys(searchOnly.single))
    console.log(
      `| ${platform} | ${searchOnly.single[platform]!.toFixed(0)} | ${enriched.single[platform]!.toFixed(0)} |`,
    );
  console.log(`| all four in parallel | ${searchOnly.all.toFixed(0)} | ${enriched.all.toFixed(0)} |`);
  console.log(
    `| ratio to the slowest single platform | ${searchOnly.ratio.toFixed(2)} | ${enriched.ratio.toFixed(2)} |`,
  );
}
