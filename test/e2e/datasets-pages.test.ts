import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAccountKey } from "../../scripts/local-stack.ts";
import { BLOG_POSTS, editedBetween } from "../../replicas/blog.ts";

// A page monitor end to end: a `pages` dataset over the replica blog, refreshed through the batch
// job pipeline while the blog edits some posts and only re-dresses the others (a new "latest"
// rail, visitor count and build stamp on every page); changed_since lists exactly the edited ones.
const baseUrl = inject("baseUrl");
const adminToken = inject("adminToken");
const replicasUrl = inject("replicasUrl");

let owner: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "X-API-KEY": owner, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** Waits for a refresh's job to end; returns the snapshot the records route then reads. */
async function refreshed(slug: string, refresh: { job_id: string; snapshot_id: string }) {
  let job: any = null;
  for (let attempt = 0; attempt < 240; attempt++) {
    job = (await api("GET", `/v1/jobs/${refresh.job_id}`)).body.data;
    if (job.status === "completed" || job.status === "failed") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(job.status, JSON.stringify(job)).toBe("completed");
  expect(job.counts.succeeded, JSON.stringify(job)).toBe(BLOG_POSTS.length);
  const page = (await api("GET", `/v1/datasets/${slug}/records?limit=1`)).body;
  expect(page.meta.snapshot?.id).toBe(refresh.snapshot_id);
  return page.meta.snapshot as { id: string; finished_at: string; records: number };
}

async function setGeneration(generation: number) {
  const response = await fetch(`${replicasUrl}/_admin/blog/generation`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ generation }),
  });
  expect(response.status).toBe(200);
}

const postUrl = (slug: string) => `${replicasUrl}/blog/posts/${slug}`;
const keysSince = async (slug: string, since: string) =>
  (await api("GET", `/v1/datasets/${slug}/records?changed_since=${since}&limit=100`)).body.data
    .map((record: any) => record.key)
    .sort();

beforeAll(async () => {
  ({ secret: owner } = await createAccountKey(baseUrl, adminToken, { name: "e2e page monitor", plan: "pro" }));
  await setGeneration(0);
});

describe("a pages dataset (page monitor)", () => {
  it("keeps each page's Markdown under its address, and changed_since lists exactly the pages whose content changed", async () => {
    const created = await api("POST", "/v1/datasets", {
      name: "Harbour notes",
      recipe: { kind: "pages", urls: BLOG_POSTS.map((post) => postUrl(post.slug)), max_age: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { slug, refresh } = created.body.data;
    expect(refresh.items).toBe(BLOG_POSTS.length);
    const first = await refreshed(slug, refresh);
    expect(first.records).toBe(BLOG_POSTS.length);

    const records = (await api("GET", `/v1/datasets/${slug}/records?limit=100`)).body.data;
    const tides = records.find((record: any) => record.key === postUrl("tides"));
    expect(tides.title).toContain("Why the sea rises twice a day");
    expect(tides.markdown).toContain("The moon pulls the oceans into two bulges");
    expect(tides.markdown).not.toContain("readers online");
    expect(tides.content_digest).toMatch(/^[0-9a-f]{64}$/);

    // Generation 1 edits two posts; every page's rail, counter and footer change too.
    await setGeneration(1);
    const second = await refreshed(slug, (await api("POST", `/v1/datasets/${slug}/refresh`)).body.data);
    expect(second.records).toBe(BLOG_POSTS.length);
    const afterFirst = await keysSince(slug, first.finished_at);
    expect(afterFirst).toEqual(editedBetween(0, 1).map(postUrl).sort());
    expect(afterFirst.length).toBeGreaterThan(0);

    // Generation 2 edits another; the ones edited before stay as they were.
    await setGeneration(2);
    const third = await refreshed(slug, (await api("POST", `/v1/datasets/${slug}/refresh`)).body.data);
    expect(await keysSince(slug, second.finished_at)).toEqual(editedBetween(1, 2).map(postUrl).sort());
    expect(await keysSince(slug, first.finished_at)).toEqual(editedBetween(0, 2).map(postUrl).sort());
    expect(await keysSince(slug, third.finished_at)).toEqual([]);

    const history = await api("GET", `/v1/datasets/${slug}/records/${encodeURIComponent(postUrl("tides"))}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.points).toHaveLength(2);
  }, 120_000);

  it("refuses a pages recipe with an address the URL guard refuses, before anything runs", async () => {
    const bad = await api("POST", "/v1/datasets", {
      name: "Inward",
      recipe: { kind: "pages", urls: ["http://169.254.169.254/latest/meta-data/"] },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.error.details[0].message).toMatch(/169\.254\.169\.254.*cannot be read/);
  });
});
