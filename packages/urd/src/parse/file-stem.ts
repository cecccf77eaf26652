/** The base name of a `/`-separated path. */
export function baseName(path: string): string {
  const normalised = path.replaceAll("\\", "/");
  return normalised.slice(normalised.lastIndexOf("/") + 1);
}

/** A file's stem: its base name without a trailing `.urd.md` (`locked-garden`). */
export function fileStem(path: string): string {
  const name = baseName(path);
  return name.endsWith(".urd.md") ? name.slice(0, -".urd.md".length) : name;
}
