import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { LoadedWorld } from "../world/load-world.js";

/** Arguments longer than this as JSON are answered afresh: they are unlikely to repeat. */
const MAX_KEY_LENGTH = 2048;

/**
 * Text kept per tool and snapshot. A whole-graph answer on a 2,000-location world is about
 * 0.8 MB of text (and about three times that in memory with its structured copy), so this keeps
 * a handful of such answers and many small ones.
 */
const TEXT_BUDGET = 4 * 1024 * 1024;

interface ToolAnswers {
  readonly results: Map<string, CallToolResult>;
  textLength: number;
}

function textLength(result: CallToolResult): number {
  let length = 0;
  for (const item of result.content) if (item.type === "text") length += item.text.length;
  return length;
}

/**
 * Finished results of the world tools, per snapshot, tool and arguments. Every world tool is a
 * pure function of its arguments and the snapshot, so a repeated question is answered with the
 * result already built and serialised. A new snapshot (a `--watch` recompilation) starts with
 * no answers, and the old snapshot's answers go with it. Each tool's answers are bounded by
 * {@link TEXT_BUDGET}, the least recently used going first.
 */
export class AnswerCache {
  private readonly snapshots = new WeakMap<LoadedWorld, Map<string, ToolAnswers>>();

  /**
   * The cache key of a call's arguments, or undefined when the call should not be cached.
   *
   * @param rawArguments - the arguments as the client sent them
   * @returns a key equal for calls whose arguments are the same JSON
   */
  keyOf(rawArguments: unknown): string | undefined {
    const key = JSON.stringify(rawArguments ?? {});
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
    const length = textLength(result);
    if (length > TEXT_BUDGET) return;
    let tools = this.snapshots.get(world);
    if (tools === undefined) {
      tools = new Map();
      this.snapshots.set(world, tools);
    }
    let answers = tools.get(tool);
    if (answers === undefined) {
      answers = { results: new Map(), textLength: 0 };
      tools.set(tool, answers);
    }
    const replaced = answers.results.get(key);
    if (replaced !== undefined) answers.textLength -= textLength(replaced);
    answers.results.set(key, result);
    answers.textLength += length;
    for (const [oldKey, oldResult] of answers.results) {
      if (answers.textLength <= TEXT_BUDGET) break;
      answers.results.delete(oldKey);
      answers.textLength -= textLength(oldResult);
    }
  }
}
