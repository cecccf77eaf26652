// A world of rooms in a single line, each with one exit east to the next: the shape whose
// shortest paths together grow with the square of its size (6,000 rooms: some 200 MB of paths).
// Used by the bench and the tests.

/**
 * @param {number} rooms - how many locations
 * @param {string} [heading] - room i is headed `${heading} ${i}`; longer headings make longer ids
 * @returns {string} the world's text
 */
export function chainWorld(rooms, heading = "Room") {
  const lines = ["---", "world:", "  name: chain", `  start: ${slug(heading)}-1`, "---", ""];
  for (let room = 1; room <= rooms; room++) {
    lines.push(`# ${heading} ${room}`);
    if (room < rooms) lines.push(`-> east: ${heading} ${room + 1}`);
    lines.push("");
  }
  return lines.join("\n");
}

/**
 * @param {string} heading - words separated by single spaces
 * @returns {string} the id the compiler gives it
 */
export function slug(heading) {
  return heading.toLowerCase().split(" ").join("-");
}
