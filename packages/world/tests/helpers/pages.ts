import type { Client } from "@modelcontextprotocol/client";
import { assertTextMatchesStructured, callTool } from "@tabletop-mcp/kit/testing";

/** A payload as a tool answered it. */
export type Payload = Record<string, unknown>;

/** The `page` of a paged answer. */
export interface PageInfo {
  total: Record<string, number>;
  next_cursor: string | null;
}

/** The `page` of an answer, or undefined for a whole answer. */
export function pageOf(payload: Payload): PageInfo | undefined {
  return payload.page as PageInfo | undefined;
}

/** Bytes of a payload's compact JSON, counted independently of the code under test. */
export function payloadBytes(payload: unknown): number {
  return new TextEncoder().encode(JSON.stringify(payload)).length;
}

/** How many items a page shows over all its collections. */
export function itemsOn(payload: Payload): number {
  const page = pageOf(payload);
  if (page === undefined) return 0;
  let items = 0;
  for (const name of Object.keys(page.total)) {
    const value = payload[name];
    items += Array.isArray(value) ? value.length : Object.keys(value as object).length;
  }
  return items;
}

/**
 * Joins the pages of one answer: the first page's fields, each paged collection concatenated
 * (arrays) or merged in page order (objects), `page` removed. A whole answer is returned as is.
 */
export function joinPages(pages: readonly Payload[]): Payload {
  const [first] = pages;
  if (first === undefined) throw new Error("no pages");
  const page = pageOf(first);
  if (page === undefined) return first;
  const joined: Payload = { ...first };
  delete joined.page;
  for (const name of Object.keys(page.total)) {
    const parts = pages.map((each) => each[name]);
    joined[name] = Array.isArray(first[name])
      ? parts.flatMap((part) => part as unknown[])
      : Object.fromEntries(parts.flatMap((part) => Object.entries(part as object)));
  }
  return joined;
}

/** More pages than any answer of the test worlds has: a walk past it is going round in circles. */
const MAX_PAGES = 100_000;

/**
 * Calls a tool and follows `page.next_cursor` until it is null (or `stopAfter` pages), checking
 * each result's text against its structured content.
 *
 * @returns the pages' payloads, in order (one payload for a whole answer)
 */
export async function walkPages(
  client: Client,
  tool: string,
  args: Payload,
  stopAfter = MAX_PAGES,
): Promise<Payload[]> {
  const pages: Payload[] = [];
  let cursor: string | null = null;
  do {
    const result = await callTool(client, tool, cursor === null ? args : { ...args, cursor });
    assertTextMatchesStructured(result);
    const payload = result.structuredContent as Payload;
    if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(payload)}`);
    pages.push(payload);
    cursor = pageOf(payload)?.next_cursor ?? null;
    if (pages.length > MAX_PAGES) throw new Error(`${tool} gave more than ${MAX_PAGES} pages`);
  } while (cursor !== null && pages.length < stopAfter);
  return pages;
}
