// Batch-job throughput against the replicas: one job of fresh product scrapes through the local
// queue and consumer, timed from the POST to its last outcome.

export interface JobFigures {
  items: number;
  seconds: number;
  itemsPerSecond: number;
  succeeded: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function jobThroughput(
  baseUrl: string,
  key: Record<string, string>,
  paths: string[],
): Promise<JobFigures> {
  const started = performance.now();
  const created = await fetch(`${baseUrl}/v1/jobs`, {
    method: "POST",
    headers: { ...key, "Content-Type": "application/json" },
    body: JSON.stringify({ requests: paths.map((path) => ({ path })), fresh: true }),
  });
  const { data } = (await created.json()) as { data: { id: string } };
  if (created.status !== 202) throw new Error(`POST /v1/jobs answered ${created.status}`);
  // Bounded: a job that has not finished in five minutes is reported as it stands.
  for (let i = 0; i < 1_500; i++) {
    const job = (await (await fetch(`${baseUrl}/v1/jobs/${data.id}`, { headers: key })).json()) as {
      data: { status: string; counts: { succeeded: number } };
    };
    if (!["queued", "running"].includes(job.data.status) || i === 1_499) {
      const seconds = (performance.now() - started) / 1000;
      return {
        items: paths.length,
        seconds,
        itemsPerSecond: paths.length / seconds,
        succeeded: job.data.counts.succeeded,
      };
    }
    await sleep(200);
  }
  throw new Error("unreachable");
}

export function printJobs(figures: JobFigures) {
  console.log(`\n**Batch job**, ${figures.items} fresh product scrapes of the replicas through the local queue\n`);
  console.log("| items | succeeded | seconds | items per second |");
  console.log("|---:|---:|---:|---:|");
  console.log(
    `| ${figures.items} | ${figures.succeeded} | ${figures.seconds.toFixed(1)} | ${figures.itemsPerSecond.toFixed(1)} |`,
  );
}
