// Multi-platform hotel search against the slowest single platform: how parallel the fan-out is.
import { median } from "./stats.ts";

export async function travelParallelism(baseUrl: string, key: Record<string, string>, samples = 5) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = `check_in=${day(50)}&check_out=${day(52)}&fresh=true`;
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

export function printTravel(travel: Awaited<ReturnType<typeof travelParallelism>>, samples: number, latencyMs: number) {
  const latency = latencyMs ? `each page answered after ${latencyMs} ms ±20 %` : "no added latency";
  console.log(`\n**Hotel search**, fresh scrapes of the replicas (${latency}), median of ${samples}\n`);
  console.log("| platforms | ms |");
  console.log("|---|---:|");
  for (const [platform, ms] of Object.entries(travel.single)) console.log(`| ${platform} | ${ms.toFixed(0)} |`);
  console.log(`| all four in parallel | ${travel.all.toFixed(0)} |`);
  console.log(`| ratio to the slowest single platform | ${travel.ratio.toFixed(2)} |`);
}
