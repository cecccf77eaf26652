import { escapeControlCharacters } from "./control-characters.js";
import { processRedactor, type Redactor } from "./redaction.js";

/** Log levels, most severe first. The default is `error`. */
export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Structured fields of a log line; never tool arguments at `error`. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/** A logger that writes one JSON object per line to stderr; stdout belongs to the protocol. */
export interface Logger {
  readonly level: LogLevel;
  error(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
}

/** Where log lines go; stderr unless a test passes its own sink. */
export type LogSink = (line: string) => void;

const writeToStderr: LogSink = (line) => {
  process.stderr.write(line);
};

/** The fields with their text redacted and control characters escaped. */
function cleanFields(fields: LogFields, redactor: Redactor): LogFields {
  const redacted = redactor.redactDeep(fields);
  const clean: LogFields = {};
  for (const [key, value] of Object.entries(redacted)) {
    clean[key] = typeof value === "string" ? escapeControlCharacters(value) : value;
  }
  return clean;
}

/**
 * Creates a logger for one process. Every message and string field passes the redactor
 * first, so a secret the process registered, a URL's userinfo or query values and
 * `Authorization`/`Bearer` credentials never reach a log line; then its control characters
 * are escaped ({@link escapeControlCharacters}), so that one call writes exactly one line
 * and text from outside cannot pass for a line of its own.
 * @param name - the server's name, on every line
 * @param level - lines less severe than this are dropped
 * @param sink - receives each line, newline included
 * @param redactor - hides secrets (the process's by default)
 */
export function createLogger(
  name: string,
  level: LogLevel = "error",
  sink = writeToStderr,
  redactor: Redactor = processRedactor,
): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (lineLevel: LogLevel, message: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(lineLevel) > threshold) return;
    const record = {
      time: new Date().toISOString(),
      level: lineLevel,
      name,
      message: escapeControlCharacters(redactor.redact(message)),
      ...(fields ? cleanFields(fields, redactor) : {}),
    };
    sink(`${JSON.stringify(record)}\n`);
  };
  return {
    level,
    error: (message, fields) => emit("error", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    info: (message, fields) => emit("info", message, fields),
    debug: (message, fields) => emit("debug", message, fields),
  };
}

/** A logger that drops everything (the default for servers composed in-process). */
export const silentLogger: Logger = createLogger("silent", "error", () => {});
