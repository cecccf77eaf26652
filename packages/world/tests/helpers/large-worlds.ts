import { generateWorld, type WorldSize } from "../../../urd/bench/generate-world.mjs";

export { generateWorld, type WorldSize };

/**
 * A world of `rooms` locations in a single line, each with one exit east to the next: the
 * shape whose shortest paths together grow with the square of its size.
 *
 * @param rooms - how many locations
 * @param heading - the heading of room i is `${heading} ${i}`; longer headings make longer ids
 * @returns the world's text
 */
export function chainWorld(rooms: number, heading = "Room"): string {
  const lines = ["---", "world:", "  name: chain", `  start: ${slug(heading)}-1`, "---", ""];
  for (let room = 1; room <= rooms; room++) {
    lines.push(`# ${heading} ${room}`);
    if (room < rooms) lines.push(`-> east: ${heading} ${room + 1}`);
    lines.push("");
  }
  return lines.join("\n");
}

/** The id the compiler gives a heading made of words and spaces. */
export function slug(heading: string): string {
  return heading.toLowerCase().split(" ").join("-");
}
