import type { CallToolResult } from "@modelcontextprotocol/server";
import type { LoadedWorld } from "../world/load-world.js";

/** Arguments longer than this as JSON are answered afresh: they are unlikely to repeat. */
const MAX_KEY_LENGTH = 2048;

/**
 * Characters of keys and answer text kept per tool and snapshot: sixteen full pages (each at most
 * 64 KiB, docs/world.md §5.1) or many small answers.
 */
const TEXT_BUDGET = 1024 * 1024;

/**
 * Answers kept per tool and snapshot whatever their size, so that a client asking thousands of
 * distinct small questions (a cursor each, a location each) cannot fill memory with them.
 */
const MAX_ANSWERS = 256;

interface ToolAnswers {
  readonly results: Map<string, CallToolResult>;
  /** Characters of the keys and texts kept. */
  size: number;
}

function sizeOf(key: string, result: CallToolResult): number {
  let length = key.length;
  for (const item of result.content) if (item.type === "text") length += item.text.length;
  return length;
}

/**
 * Finished results of the world tools, per snapshot, tool and arguments. Every world tool is a
 * pure function of its arguments and the snapshot, so a repeated question is answered with the
 * result already built and serialised. A new snapshot (a `--watch` recompilation) starts with
 * no answers, and the old snapshot's answers go with it. Each tool's answers are bounded by
 * {@link TEXT_BUDGET} and {@link MAX_ANSWERS}, the least recently used going first.
 */
export class AnswerCache {
  private readonly snapshots = new WeakMap<LoadedWorld, Map<string, ToolAnswers>>();

  /**
   * The cache key of a call's arguments, or undefined when the call should not be cached.
   *
   * @param rawArguments - the arguments as the client sent them
   * @returns a key equal for calls whose arguments are the same JSON; undefined for arguments
   *   too deeply nested to serialise, which are answered afresh (and refused by validation)
   */
  keyOf(rawArguments: unknown): string | undefined {
    let key: string;
    try {
      key = JSON.stringify(rawArguments ?? {});
    } catch {
      return undefined;
    }
    return key.length <= MAX_KEY_LENGTH ? key : undefined;
  }

  /**
   * The answer built earlier for this snapshot, tool and key, marked most recently used.
   *
   * @returns the result, or undefined
   */
  get(world: LoadedWorld, tool: string, key: string): CallToolResult | undefined {
    const answers = this.snapshots.get(world)?.get(tool);
    const result = answers?.results.get(key);
    if (answers === undefined || result === undefined) return undefined;
    answers.results.delete(key);
    answers.results.set(key, result);
    return result;
  }

  /** Keeps an answer, evicting the least recently used ones of the tool beyond the budget. */
  set(world: LoadedWorld, tool: string, key: string, result: CallToolResult): void {
    const size = sizeOf(key, result);
    if (size > TEXT_BUDGET) return;
    let tools = this.snapshots.get(world);
    if (tools === undefined) {
      tools = new Map();
      this.snapshots.set(world, tools);
    }
    let answers = tools.get(tool);
    if (answers === undefined) {
      answers = { results: new Map(), size: 0 };
      tools.set(tool, answers);
    }
    const replaced = answers.results.get(key);
    if (replaced !== undefined) {
      answers.results.delete(key);
      answers.size -= sizeOf(key, replaced);
    }
    answers.results.set(key, result);
    answers.size += size;
    for (const [oldKey, oldResult] of answers.results) {
      if (answers.size <= TEXT_BUDGET && answers.results.size <= MAX_ANSWERS) break;
      answers.results.delete(oldKey);
      answers.size -= sizeOf(oldKey, oldResult);
    }
  }
}
