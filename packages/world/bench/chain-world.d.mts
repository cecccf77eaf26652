/** A world of `rooms` locations in a single line, each with one exit east to the next. */
export function chainWorld(rooms: number, heading?: string): string;

/** The id the compiler gives a heading made of words separated by single spaces. */
export function slug(heading: string): string;
