/** A time of day to the millisecond, so that a restart that took half a second shows as such. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Seconds as `2 h 5 min 3 s`, leaving out the leading zero parts. */
export function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min ${rest} s`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** A latency in milliseconds, or a dash when there are no samples yet. */
export function milliseconds(value: number | null): string {
  return value === null ? "–" : `${value} ms`;
}

/** `1 tool`, `3 tools`. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
