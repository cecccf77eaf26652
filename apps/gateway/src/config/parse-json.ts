import { ConfigError } from "./types.js";

/**
 * Parses a config file's text as JSON, reporting a syntax error as `config FILE:LINE:COL: message`.
 *
 * @param text - the file's contents
 * @param file - the file name shown in the message
 * @returns the parsed value
 * @throws ConfigError with one line naming the position
 */
export function parseConfigJson(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = errorOffset(message, body);
    const { line, column } = lineAndColumn(body, offset);
    const reason = message
      .replace(/ in JSON at position \d+.*$/, "")
      .replace(/, ".*" is not valid JSON$/, "");
    throw new ConfigError([`config ${file}:${line}:${column}: ${reason}`]);
  }
}

function errorOffset(message: string, text: string): number {
  const position = /at position (\d+)/.exec(message);
  if (position?.[1]) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn?.[1] && lineColumn[2]) {
    const lines = text.split("\n").slice(0, Number(lineColumn[1]) - 1);
    return lines.reduce((sum, line) => sum + line.length + 1, 0) + Number(lineColumn[2]) - 1;
  }
  return text.length;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
