// Where the service keeps objects in R2 (the RESULTS bucket). The key layouts are written here and
// nowhere else, as the tables' are in the schema files: a job's answers and a dataset's snapshot parts.

/** A batch job's answer for one item (kept while the job is). */
export const jobAnswerKey = (jobId: string, idx: number) => `jobs/${jobId}/${idx}.json`;

/** One part of a dataset's snapshot: about 1,000 records, one JSON record a line (src/datasets/parts.ts). */
export const datasetPartKey = (datasetId: number, snapshotId: string, part: number) =>
  `datasets/${datasetId}/${snapshotId}/${part}.ndjson`;

/** Deletes every answer a job kept. */
export const deleteJobObjects = (bucket: R2Bucket, jobId: string) => deleteUnder(bucket, `jobs/${jobId}/`);

/** Deletes every snapshot part of a dataset. */
export const deleteDatasetObjects = (bucket: R2Bucket, datasetId: number) =>
  deleteUnder(bucket, `datasets/${datasetId}/`);

/** Deletes every object under a prefix, a listing page at a time (deleted objects leave the listing). */
async function deleteUnder(bucket: R2Bucket, prefix: string) {
  for (;;) {
    const listing = await bucket.list({ prefix, limit: 1000 });
    if (listing.objects.length > 0) await bucket.delete(listing.objects.map((object) => object.key));
    if (!listing.truncated) return;
  }
}
