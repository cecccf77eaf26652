/** One instruction of a Dockerfile, continuation lines joined. */
export interface Instruction {
  keyword: string;
  arguments: string;
}

/** A build stage: `FROM base AS name` and what follows it. */
export interface Stage {
  name: string | undefined;
  base: string;
  instructions: Instruction[];
}

/** A `COPY`: from the build context, or from another stage. */
export interface CopyInstruction {
  fromStage: string | undefined;
  source: string;
  destination: string;
}

/** What an image built from a target would be configured with, inherited stages included. */
export interface ImageConfig {
  /** The external image the target finally starts from, e.g. `node:22-slim`. */
  baseImage: string;
  environment: Map<string, string>;
  user: string | undefined;
  workingDirectory: string | undefined;
  entrypoint: string[];
  command: string[];
  healthcheck: { options: string; command: string[] } | undefined;
  volumes: string[];
  exposedPorts: string[];
  copies: CopyInstruction[];
}

function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const trimmed = raw.trim();
    if (pending === "" && (trimmed === "" || trimmed.startsWith("#"))) continue;
    if (trimmed.startsWith("#")) continue;
    if (trimmed.endsWith("\\")) {
      pending += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(`${pending}${trimmed}`.trim());
    pending = "";
  }
  return lines;
}

function substituteArguments(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? "";
    return values.get(name) ?? whole;
  });
}

/** Parses the Dockerfile syntax this repository uses: stages, ARG defaults, instructions. */
export function parseDockerfile(text: string): Stage[] {
  const globalArguments = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const upper = keyword.toUpperCase();
    const argumentText = rest.join(" ");
    if (upper === "FROM") {
      const [base = "", as, name] = substituteArguments(argumentText, globalArguments).split(/\s+/);
      stages.push({
        name: as?.toUpperCase() === "AS" ? name : undefined,
        base,
        instructions: [],
      });
    } else if (upper === "ARG" && stages.length === 0) {
      const [name = "", value = ""] = argumentText.split("=", 2);
      globalArguments.set(name, value);
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, arguments: argumentText });
    }
  }
  return stages;
}

function jsonArray(text: string, what: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === "string")) {
    throw new Error(`${what} must be a JSON array of strings: ${text}`);
  }
  return parsed;
}

function parseEnvironment(text: string, into: Map<string, string>): void {
  if (!text.includes("=")) {
    const [name = "", ...value] = text.split(/\s+/);
    into.set(name, value.join(" "));
    return;
  }
  for (const match of text.matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
    into.set(match[1] ?? "", (match[2] ?? "").replace(/^"(.*)"$/, "$1"));
  }
}

function parseCopy(text: string): CopyInstruction {
  const parts = text.split(/\s+/);
  const options = parts.filter((part) => part.startsWith("--"));
  const paths = parts.filter((part) => !part.startsWith("--"));
  const from = options.find((option) => option.startsWith("--from="))?.slice("--from=".length);
  if (paths.length !== 2) throw new Error(`COPY with one source and a destination: ${text}`);
  return { fromStage: from, source: paths[0] ?? "", destination: paths[1] ?? "" };
}

function applyInstruction(config: ImageConfig, instruction: Instruction): void {
  const text = instruction.arguments;
  switch (instruction.keyword) {
    case "ENV":
      parseEnvironment(text, config.environment);
      break;
    case "USER":
      config.user = text;
      break;
    case "WORKDIR":
      config.workingDirectory = text;
      break;
    case "ENTRYPOINT":
      config.entrypoint = jsonArray(text, "ENTRYPOINT");
      config.command = [];
      break;
    case "CMD":
      config.command = jsonArray(text, "CMD");
      break;
    case "HEALTHCHECK": {
      const at = text.indexOf("CMD ");
      config.healthcheck = {
        options: text.slice(0, at).trim(),
        command: jsonArray(text.slice(at + 4).trim(), "HEALTHCHECK CMD"),
      };
      break;
    }
    case "VOLUME":
      config.volumes.push(...jsonArray(text, "VOLUME"));
      break;
    case "EXPOSE":
      config.exposedPorts.push(...text.split(/\s+/));
      break;
    case "COPY":
      config.copies.push(parseCopy(text));
      break;
  }
}

/** Finds a stage by name. */
function findStage(stages: readonly Stage[], name: string): Stage {
  const stage = stages.find((candidate) => candidate.name === name);
  if (stage === undefined) throw new Error(`no stage named ${name}`);
  return stage;
}

/** The chain of stages a target builds on, outermost first, ending with the target. */
function stageChain(stages: readonly Stage[], target: string): Stage[] {
  const chain: Stage[] = [];
  let current: Stage | undefined = findStage(stages, target);
  while (current !== undefined) {
    chain.unshift(current);
    const base: string = current.base;
    current = stages.find((candidate) => candidate.name === base);
  }
  return chain;
}

/** The configuration of the image a target builds. */
export function imageConfig(stages: readonly Stage[], target: string): ImageConfig {
  const chain = stageChain(stages, target);
  const config: ImageConfig = {
    baseImage: chain[0]?.base ?? "",
    environment: new Map(),
    user: undefined,
    workingDirectory: undefined,
    entrypoint: [],
    command: [],
    healthcheck: undefined,
    volumes: [],
    exposedPorts: [],
    copies: [],
  };
  for (const stage of chain) {
    for (const instruction of stage.instructions) applyInstruction(config, instruction);
  }
  return config;
}
