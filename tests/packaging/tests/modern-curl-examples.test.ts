import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpServerProcess, startHttpServer } from "./helpers/processes.js";
import { REPOSITORY_ROOT } from "./helpers/workspace.js";

/** The part of a server's document that holds its examples for 2026-07-28 clients. */
const HEADING = /^## \d+\. Clients of 2026-07-28$/m;

/** One documented request: what curl sends, and the fields of the answer the document shows. */
interface Example {
  curl: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  answer: unknown;
}

interface DocumentedServer {
  /** The command the document starts the server with, as words. */
  command: string[];
  examples: Example[];
}

/** The words of a shell command written with single quotes and `\` line continuations only. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  const joined = text.replace(/\\\n/g, " ").trim();
  let index = 0;
  while (index < joined.length) {
    if (/\s/.test(joined[index] ?? "")) {
      index++;
      continue;
    }
    let word = "";
    while (index < joined.length && !/\s/.test(joined[index] ?? "")) {
      const char = joined[index] ?? "";
      if (char === "'") {
        const end = joined.indexOf("'", index + 1);
        if (end === -1) throw new Error(`unclosed quote in: ${text}`);
        word += joined.slice(index + 1, end);
        index = end + 1;
      } else if (/["\\$`]/.test(char)) {
        throw new Error(`the examples use single quotes only; found ${char} in: ${text}`);
      } else {
        word += char;
        index++;
      }
    }
    words.push(word);
  }
  return words;
}

/** What `curl -s URL -H … -d …` sends; any other option is refused, so the docs stay simple. */
function parseCurl(curl: string): Pick<Example, "url" | "headers" | "body"> {
  const [program, ...words] = shellWords(curl);
  expect(program).toBe("curl");
  const headers: Record<string, string> = {};
  let url: URL | undefined;
  let body: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? "";
    if (word === "-s") continue;
    if (word === "-H" || word === "-d") {
      const value = words[++index];
      if (value === undefined) throw new Error(`${word} without a value in: ${curl}`);
      if (word === "-d") body = value;
      else {
        const colon = value.indexOf(":");
        headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
      }
    } else if (word.startsWith("http://") && url === undefined) url = new URL(word);
    else throw new Error(`unexpected curl word ${word} in: ${curl}`);
  }
  if (url === undefined || body === undefined) throw new Error(`no URL or body in: ${curl}`);
  return { url, headers, body };
}

/** The start command and the curl examples, each followed by its answer, of one document. */
async function documentedServer(document: string): Promise<DocumentedServer> {
  const text = await readFile(join(REPOSITORY_ROOT, "docs", document), "utf8");
  const start = text.search(HEADING);
  if (start === -1) throw new Error(`docs/${document} has no "Clients of 2026-07-28" section`);
  const rest = text.slice(start + 1);
  const end = rest.search(/^## /m);
  const section = end === -1 ? rest : rest.slice(0, end);
  const blocks = [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] ?? "",
    text: match[2] ?? "",
  }));
  const commands = blocks.filter((block) => block.language === "sh");
  const [startCommand, ...curls] = commands;
  if (startCommand === undefined) throw new Error(`docs/${document}: no start command`);
  const examples: Example[] = [];
  for (const curl of curls) {
    const answer = blocks[blocks.indexOf(curl) + 1];
    if (answer?.language !== "json") throw new Error(`docs/${document}: no answer after a curl`);
    examples.push({ curl: curl.text, ...parseCurl(curl.text), answer: JSON.parse(answer.text) });
  }
  return { command: shellWords(startCommand.text), examples };
}

/** The JSON-RPC message of an answer, sent as JSON or as the last event of a stream. */
async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return JSON.parse(text);
  }
  const data = text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice("data:".length).trim())
    .filter((line) => line !== "");
  return JSON.parse(data.at(-1) ?? "null");
}

/**
 * The document's answer, as a pattern: each field it shows must be in the real answer with the
 * same value; arrays are shown whole; fields it leaves out may be anything.
 */
function pattern(documented: unknown): unknown {
  if (Array.isArray(documented)) return documented.map(pattern);
  if (typeof documented === "object" && documented !== null) {
    const fields = Object.entries(documented).map(([key, value]) => [key, pattern(value)]);
    return expect.objectContaining(Object.fromEntries(fields));
  }
  return documented;
}

const SERVERS = ["dice.md", "duality.md", "campaign.md", "world.md"];

describe.each(SERVERS)("the 2026-07-28 examples of docs/%s", (document) => {
  let documented: DocumentedServer;
  let server: HttpServerProcess;
  let dataHome: string;

  beforeAll(async () => {
    documented = await documentedServer(document);
    dataHome = await mkdtemp(join(tmpdir(), "tabletop-modern-curl-"));
    const [program, ...args] = documented.command;
    expect(program).toBe("node");
    server = await startHttpServer(process.execPath, [...args, "--port", "0"], {
      cwd: REPOSITORY_ROOT,
      // campaign keeps its default database under XDG_DATA_HOME: a fresh one for the run.
      env: { ...process.env, XDG_DATA_HOME: dataHome },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dataHome, { recursive: true, force: true });
  });

  it("shows server/discover and then a tool call, both to one address", () => {
    const methods = documented.examples.map((example) => JSON.parse(example.body).method);
    expect(methods).toEqual(["server/discover", "tools/call"]);
    const ports = new Set(documented.examples.map((example) => example.url.port));
    expect(ports.size).toBe(1);
  });

  it("gets the documented answer to each example, sent as curl sends it", async () => {
    for (const example of documented.examples) {
      const url = new URL(example.url.pathname, server.loopbackUrl);
      const response = await fetch(url, {
        method: "POST",
        headers: example.headers,
        body: example.body,
      });
      expect(response.status, example.curl).toBe(200);
      expect(await answerOf(response), example.curl).toEqual(pattern(example.answer));
    }
  });
});
