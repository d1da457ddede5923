// The clock's minute as the service's rate limits and usage meters count it: tests whose requests must fall in one
// minute window wait out its last seconds first.

/** Waits out the last `marginMs` of a UTC minute, so a burst of requests lands in one rate-limit window. */
export async function awayFromMinuteEdge(marginMs = 10_000) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - marginMs) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}
