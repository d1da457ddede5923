// Whether an answer is empty where its example implies data: a list, a search, a page of records or
// results, or a read whose fields all came back missing.

/** Lists an answer's `data` may be, or hold, in the order the routes use them. */
const LIST_FIELDS = ["hotels", "results", "reviews", "records", "points", "history"];

/** Null when the answer carries data; else what is empty. */
export function emptinessOf(contentType: string, text: string): string | null {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (contentType.startsWith("text/csv")) return lines.length >= 2 ? null : "a CSV answer with no row";
  if (contentType.includes("ndjson")) return lines.length >= 1 ? null : "an NDJSON answer with no line";
  if (!contentType.startsWith("application/json")) return null;
  const body = JSON.parse(text);
  if (body?.status !== "success") return null;
  const data = body.data;
  if (Array.isArray(data)) return data.length > 0 ? null : "`data` is an empty list";
  if (data === null || typeof data !== "object") return null;
  // A hotel page's answer is the hotel (with its `rooms`): a page that lists no reviews is still one.
  const list = Array.isArray(data.rooms) ? undefined : LIST_FIELDS.find((field) => Array.isArray(data[field]));
  if (list && data[list].length === 0) return `\`data.${list}\` is an empty list`;
  if (body.meta?.completeness?.state === "empty") return "every field of the record is missing";
  return null;
}
