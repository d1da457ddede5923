// Streamed answers (`format=ndjson`): one JSON value a line, read as it arrives in constant memory.

/** The JSON lines of an NDJSON answer, one at a time as they arrive. */
export async function* ndjsonLines<T>(response: Response): AsyncGenerator<T> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffered += chunk.value;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
    }
    if (buffered.trim()) yield JSON.parse(buffered) as T;
  } finally {
    // A loop left early (`break`) closes the connection instead of leaving the rest unread.
    await reader.cancel().catch(() => {});
  }
}
