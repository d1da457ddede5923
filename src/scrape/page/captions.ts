// A picture's caption beside the story is no part of its text (as trafilatura, which leaves figures
// out, reads it); the captions of a photo story, which tell it, are.
import type { HTMLElement } from "node-html-parser";
import { isInside } from "./elements";
import { classNameOf, namedAs } from "./name-words";
import { type PageStats, statsOf } from "./text-stats";

/** Captions holding at least this share of the text around them tell the story (a photo story) and stay. */
const STORY_SHARE = 0.25;
/** A block named a caption holding more than this is prose in a caption's box (or a page named for its captions' style). */
const CAPTION_CHARS = 500;

/** A `<figcaption>`, or a block named a caption ("wp-caption-text", "tplCaption") holding no picture. */
function isCaption(element: HTMLElement, stats: PageStats): boolean {
  if (element.tagName === "FIGCAPTION") return true;
  if (!/caption/i.test(classNameOf(element)) || !namedAs(element, "caption")) return false;
  // A box named for its caption that holds the picture too ("wp-caption") keeps the picture: its caption is left out alone.
  const own = statsOf(stats, element);
  return own.chars <= CAPTION_CHARS && own.images === 0;
}

export class Captions {
  private chars: number | undefined;
  /** The main content's parts once chosen: only their captions are weighed against its text. */
  private parts: HTMLElement[] = [];

  constructor(private readonly stats: PageStats) {}

  narrowTo(parts: HTMLElement[]): void {
    this.parts = parts;
    this.chars = undefined;
  }

  /** Whether `element` is a caption beside the story: the page's captions hold less than a quarter of `scopeChars`. */
  besideTheStory(element: HTMLElement, scopeChars: number): boolean {
    return isCaption(element, this.stats) && this.captionChars() < scopeChars * STORY_SHARE;
  }

  /** Characters of the captions in scope, each counted once (a caption-named figure's own caption is inside it). */
  private captionChars(): number {
    if (this.chars === undefined) {
      this.chars = 0;
      for (const [element, counted] of this.stats) {
        const parent = element.parentNode as HTMLElement | null;
        if (!isCaption(element, this.stats) || (parent && isCaption(parent, this.stats))) continue;
        if (this.parts.length === 0 || this.parts.some((part) => isInside(element, part))) this.chars += counted.chars;
      }
    }
    return this.chars;
  }
}
