// What the jobs routes take and answer, with the examples the reference shows.
import { z } from "@hono/zod-openapi";
import { JOB_STATUSES, type JobRow } from "../../db/schema-jobs";
import type { ItemCounts } from "../../db/job-items";
import { SHORT_KINDS } from "./items";

export const JOB_ID = "job_7f3a9c2e41b84d0f9a6e";

export const CreateJobBody = z
  .object({
    requests: z
      .array(z.object({ path: z.string().openapi({ example: "/v1/amazon?asin=B0C1GHS4GF" }) }))
      .min(1, "requests needs at least one item")
      .optional()
      .openapi({ description: "Each item a `/v1/...` GET of a data route, as you would call it" }),
    platform: z.string().optional().openapi({ description: "Short form: the marketplace", example: "amazon" }),
    kind: z
      .enum(SHORT_KINDS, { error: `kind is one of ${SHORT_KINDS.join(", ")}` })
      .optional()
      .openapi({
        description:
          "Short form: what each input is looked up as; `page` reads each input, an address on any site, with GET /v1/page (no platform)",
      }),
    inputs: z
      .array(z.string().min(1, "an input must not be empty").max(2000))
      .min(1, "inputs needs at least one item")
      .optional()
      .openapi({ description: "Short form: ids, URLs or search terms", example: ["B0C1GHS4GF", "B08DF9F814"] }),
    options: z
      .record(z.string().regex(/^[a-z_]{1,40}$/), z.string().max(200))
      .optional()
      .openapi({
        description:
          "Short form: query parameters every item takes, as its route takes them (for `page`: formats, only_main_content, engine, country, wait_for, max_characters…)",
        example: { formats: "markdown,links", country: "de" },
      }),
    webhook: z.string().max(64).optional().openapi({
      description: "A webhook endpoint id told of `job.completed` / `job.failed` (default: every subscribed one)",
    }),
    max_age: z.number().int().min(0).max(604_800).optional().openapi({ description: "Passed to every item" }),
    dataset: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/)
      .optional()
      .openapi({
        description:
          "The slug of one of your datasets: the job's answers become its next snapshot (records of the dataset's kind)",
      }),
    fresh: z.boolean().optional().openapi({ description: "`true` scrapes every item now" }),
  })
  .superRefine((body, ctx) => {
    const short =
      body.platform !== undefined || body.kind !== undefined || body.inputs !== undefined || body.options !== undefined;
    if (body.requests && short)
      ctx.addIssue({ code: "custom", path: ["requests"], message: "send either requests or platform + kind + inputs" });
    if (!body.requests && !short)
      ctx.addIssue({
        code: "custom",
        path: ["requests"],
        message: "requests (or platform, kind and inputs) is required",
      });
    if (!body.requests && short)
      for (const field of ["platform", "kind", "inputs"] as const)
        if (body[field] === undefined && !(field === "platform" && body.kind === "page"))
          ctx.addIssue({ code: "custom", path: [field], message: `${field} is required with the short form` });
  })
  .openapi("CreateJob");

export const JobSchema = z
  .object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    total: z.number().int(),
    counts: z.object({
      pending: z.number().int(),
      queued: z.number().int(),
      running: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      cancelled: z.number().int(),
    }),
    progress: z.number().openapi({ description: "Items with an outcome, in % of the total" }),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    eta_seconds: z.number().int().nullable().openapi({ description: "At the pace so far; null before any outcome" }),
    status_url: z.string(),
    results_url: z.string(),
    expires_at: z.string().openapi({ description: "Results are deleted after this" }),
  })
  .openapi("Job");

export type JobAnswer = z.infer<typeof JobSchema>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A job as answered: counts by outcome, progress, and a finish estimate at the pace so far. */
export function jobAnswer(job: JobRow, counts: ItemCounts, now = Date.now()): JobAnswer {
  const done = counts.succeeded + counts.failed + counts.cancelled;
  const elapsed = job.startedAt ? now - job.startedAt.getTime() : 0;
  const eta =
    job.status === "running" && done > 0 && elapsed > 0
      ? Math.round(((job.total - done) * elapsed) / done / 1000)
      : null;
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    counts,
    progress: Math.round((done / job.total) * 1000) / 10,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    eta_seconds: job.status === "completed" || job.status === "failed" || job.status === "cancelled" ? 0 : eta,
    status_url: `/v1/jobs/${job.id}`,
    results_url: `/v1/jobs/${job.id}/results`,
    expires_at: job.expiresAt.toISOString(),
  };
}

export const JOB_EXAMPLE: JobAnswer = {
  id: JOB_ID,
  status: "running",
  total: 500,
  counts: { pending: 180, queued: 10, running: 10, succeeded: 285, failed: 15, cancelled: 0 },
  progress: 60,
  created_at: "2026-11-22T10:00:00.000Z",
  started_at: "2026-11-22T10:00:01.000Z",
  finished_at: null,
  eta_seconds: 24,
  status_url: `/v1/jobs/${JOB_ID}`,
  results_url: `/v1/jobs/${JOB_ID}/results`,
  expires_at: "2026-11-29T10:00:00.000Z",
};
