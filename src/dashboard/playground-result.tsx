// What the playground shows of an answer: status, the headers that matter, the JSON, code to copy,
// and for hotels a small map and for products their images.
import type { Snippets } from "./snippets";

/** The headers a caller acts on, in this order; the rest are listed after them. */
const FIRST_HEADERS = [
  "ratelimit",
  "ratelimit-policy",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "retry-after",
  "x-cache",
  "x-request-id",
  "content-type",
];
const MAX_SHOWN_CHARS = 200_000;

export interface PlaygroundAnswer {
  path: string;
  status: number;
  headers: [string, string][];
  ms: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, shown as it came
  json: any;
  keyName: string;
}

interface Point {
  name: string;
  latitude: number;
  longitude: number;
  price: string;
}

/** Hotels on an equirectangular sketch scaled to their bounding box; no tiles, so nothing is fetched. */
export function HotelMap({ points }: { points: Point[] }) {
  const width = 600;
  const height = 320;
  const pad = 24;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  // Longitude degrees shrink with latitude; scale both axes alike so distances look right.
  const lonScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * lonScale, 0.002);
  const spanY = Math.max(maxLat - minLat, 0.002);
  const unit = Math.min((width - 2 * pad) / spanX, (height - 2 * pad) / spanY);
  const x = (p: Point) => pad + ((p.longitude - minLon) * lonScale * unit + (width - 2 * pad - spanX * unit) / 2);
  const y = (p: Point) => pad + ((maxLat - p.latitude) * unit + (height - 2 * pad - spanY * unit) / 2);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-labelledby="hotel-map-title"
      id="hotel-map"
    >
      <title id="hotel-map-title">{`Map of ${points.length} hotels by their coordinates (north up)`}</title>
      <rect x="0" y="0" width={width} height={height} fill="#eef3f8" stroke="#b8bfcc" />
      {points.map((p, i) => (
        <g class="hotel-point" data-name={p.name}>
          <circle cx={x(p)} cy={y(p)} r="6" fill="#2456d8" stroke="#fff" stroke-width="2">
            <title>{`${p.name}: ${p.price}`}</title>
          </circle>
          <text x={x(p) + 8} y={y(p) + 4} font-size="11" fill="#1d2330">
            {i + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: reading fields of the answer's JSON
function HotelResults({ hotels }: { hotels: any[] }) {
  const points: Point[] = hotels
    .filter((h) => typeof h.latitude === "number" && typeof h.longitude === "number")
    .map((h) => ({
      name: h.name ?? "unnamed",
      latitude: h.latitude,
      longitude: h.longitude,
      price: h.price_per_night === null ? "no price" : `${h.price_per_night} ${h.currency} a night`,
    }));
  return (
    <section id="hotel-results">
      <h2>Hotels ({hotels.length})</h2>
      {points.length > 0 ? <HotelMap points={points} /> : <p>No hotel in this answer has coordinates.</p>}
      <ol id="hotel-list">
        {hotels.map((h) => (
          <li>
            {h.name ?? "unnamed"} — {h.price_per_night === null ? "no price" : `${h.price_per_night} ${h.currency}`} a
            night{h.review_score === null ? "" : `, rated ${h.review_score}/10`}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Product images, from a product answer (`images`) or a search (`results[].image`). */
// biome-ignore lint/suspicious/noExplicitAny: reading fields of the answer's JSON
function productImages(data: any): { src: string; alt: string }[] {
  const httpUrl = (u: unknown): u is string => typeof u === "string" && /^https?:\/\//.test(u);
  if (Array.isArray(data?.images))
    return data.images
      .filter(httpUrl)
      .map((src: string, i: number) => ({ src, alt: `${data.title ?? "Product"}, image ${i + 1}` }));
  if (Array.isArray(data?.results))
    return data.results
      .filter((r: { image?: unknown }) => httpUrl(r?.image))
      .map((r: { image: string; title?: string }) => ({ src: r.image, alt: r.title ?? "Product" }));
  return [];
}

export function AnswerView({ answer, snippets }: { answer: PlaygroundAnswer; snippets: Snippets }) {
  const statusClass = `status-${Math.floor(answer.status / 100)}xx`;
  const first = FIRST_HEADERS.flatMap((name) => answer.headers.filter(([n]) => n === name));
  const rest = answer.headers.filter(([n]) => !FIRST_HEADERS.includes(n));
  const pretty = answer.json === undefined ? answer.text : JSON.stringify(answer.json, null, 2);
  const data = answer.json?.data;
  const images = productImages(data);
  return (
    <>
      <section id="answer" aria-live="polite">
        <h2>Answer</h2>
        <p>
          <code>GET {answer.path}</code> as key “{answer.keyName}”:{" "}
          <strong id="answer-status" class={statusClass}>
            {answer.status}
          </strong>{" "}
          in <span id="answer-ms">{answer.ms}</span> ms (counted like any call).
        </p>
        <details open>
          <summary>Headers</summary>
          <div class="table">
            <table id="answer-headers">
              <tbody>
                {[...first, ...rest].map(([name, value]) => (
                  <tr>
                    <th scope="row">{name}</th>
                    <td>
                      <code>{value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        {answer.json?.meta ? (
          <p>
            Meta: <code id="answer-meta">{JSON.stringify(answer.json.meta)}</code>
          </p>
        ) : null}
      </section>
      {Array.isArray(data?.hotels) ? <HotelResults hotels={data.hotels} /> : null}
      {images.length > 0 ? (
        <section id="product-images">
          <h2>Images</h2>
          <ul class="thumbs">
            {images.slice(0, 24).map((image) => (
              <li>
                <a href={image.src} rel="noopener noreferrer">
                  <img
                    src={image.src}
                    alt={image.alt}
                    loading="lazy"
                    width="96"
                    height="96"
                    referrerpolicy="no-referrer"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h2>Body</h2>
        <pre id="answer-body" tabindex={0} role="region" aria-label="Answer body">
          {pretty.length > MAX_SHOWN_CHARS ? `${pretty.slice(0, MAX_SHOWN_CHARS)}\n… (cut here)` : pretty}
        </pre>
      </section>
      <section id="snippets">
        <h2>The same call in code</h2>
        <p class="help">Set WEBDATA_API_KEY to the secret of key “{answer.keyName}” (shown once when it was made).</p>
        {(
          [
            ["curl", "curl", snippets.curl],
            ["javascript", "JavaScript fetch", snippets.javascript],
            ["python", "Python requests", snippets.python],
          ] as const
        ).map(([id, label, code]) => (
          <div>
            <h3>{label}</h3>
            <pre id={`snippet-${id}`} tabindex={0} role="region" aria-label={`${label} snippet`}>
              {code}
            </pre>
            <button type="button" class="secondary" data-copy={`snippet-${id}`}>
              Copy
            </button>
          </div>
        ))}
      </section>
    </>
  );
}
