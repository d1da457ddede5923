// A small blog that changes between refreshes, for page monitors (pages datasets): its generation
// (POST /_admin/blog/generation {generation}) edits the body of some posts and leaves others as
// they were, while every page's furniture (the "latest" rail, the visitor count, the footer's
// build stamp) changes with every generation, as a real site's does. A monitor that tracks the
// main content lists exactly the posts `editedBetween` names.
import { escapeHtml } from "./html.ts";
import { htmlResponse, type SiteResponse } from "./site.ts";

interface Post {
  slug: string;
  title: string;
  paragraphs: string[];
  /** Per generation that edits it, the paragraph it adds. */
  edits: Record<number, string>;
}

export const BLOG_POSTS: Post[] = [
  {
    slug: "tides",
    title: "Why the sea rises twice a day",
    paragraphs: [
      "The moon pulls the oceans into two bulges, one facing it and one on the far side, and the earth turns beneath them, so most coasts see two high tides a day.",
      "Where a bay narrows, the incoming water piles up against the shore, and the range between low and high water can reach fifteen metres in a few places.",
      "The sun adds its own smaller pull; when it lines up with the moon the tides are larger, and sailors call them springs.",
    ],
    edits: {
      1: "A correction: the largest ranges are found in the Bay of Fundy, where the water rises sixteen metres.",
    },
  },
  {
    slug: "harbours",
    title: "How old harbours were built",
    paragraphs: [
      "Before concrete, harbour walls were laid from dressed stone set in lime mortar, with rubble behind them to take the weight of the sea.",
      "Builders watched where sand gathered over several winters before choosing a line for the breakwater, because a wall in the wrong place fills the basin within years.",
      "Many of these walls still stand, patched with newer stone where storms have taken the old.",
    ],
    edits: { 2: "Update: the town council has voted to restore the north wall with stone from the original quarry." },
  },
  {
    slug: "lighthouses",
    title: "Keeping the light",
    paragraphs: [
      "A lighthouse keeper's night was divided into watches, and the lamp had to be trimmed, its wick cut and its lens cleaned of soot before dawn.",
      "Each light had its own pattern of flashes, written in the pilot books, so that a captain could tell one headland from the next in the dark.",
      "Most lights were automated in the last century, and their keepers' cottages are now let to walkers.",
    ],
    edits: {
      1: "Since this was written, the light on the point has been switched to an LED lamp with the same pattern.",
    },
  },
  {
    slug: "knots",
    title: "Five knots every sailor uses",
    paragraphs: [
      "The bowline makes a loop that will not slip and is easy to untie after it has held a heavy load.",
      "The clove hitch holds a line to a post for a short while; the round turn and two half hitches holds it for longer.",
      "A reef knot joins two ends of the same line around a sail, and a sheet bend joins two lines of different thickness.",
    ],
    edits: {},
  },
];

/** Slugs of the posts whose body differs between generation `from` and generation `to`. */
export const editedBetween = (from: number, to: number): string[] =>
  BLOG_POSTS.filter((post) => Object.keys(post.edits).some((edit) => Number(edit) > from && Number(edit) <= to)).map(
    (post) => post.slug,
  );

function postPage(base: string, post: Post, generation: number): string {
  const added = Object.entries(post.edits)
    .filter(([edit]) => Number(edit) <= generation)
    .map(([, paragraph]) => paragraph);
  const others = BLOG_POSTS.filter((other) => other !== post);
  // The rail's order and the counts turn with every generation, as a site's "latest" box does.
  const latest = others.map((_, index) => others[(index + generation) % others.length]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(post.title)} · Harbour Notes</title>
<meta name="description" content="${escapeHtml(post.paragraphs[0]!.slice(0, 120))}"></head><body>
<header class="site-header"><a href="${base}/">Harbour Notes</a><nav><a href="${base}/">Home</a> <a href="${base}/about">About</a></nav></header>
<main><article class="post"><h1>${escapeHtml(post.title)}</h1><p class="byline">By the harbour master</p>
${[...post.paragraphs, ...added].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
</article>
<aside class="sidebar"><h2>Latest posts</h2><ul>${latest.map((other) => `<li><a href="${base}/posts/${other.slug}">${escapeHtml(other.title)}</a></li>`).join("")}</ul>
<p>${120 + generation * 7} readers online</p></aside></main>
<footer><p>© Harbour Notes · page built in generation ${generation}</p></footer></body></html>`;
}

/** A page of the blog at `generation`, or null for no such page. */
export function blogPage(base: string, path: string, generation: number): SiteResponse | null {
  const post = BLOG_POSTS.find((candidate) => path === `/posts/${candidate.slug}`);
  return post ? htmlResponse(postPage(base, post, generation)) : null;
}
