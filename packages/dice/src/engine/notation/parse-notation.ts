import type { NotationSyntaxError, ParsedNotation, RerollToken } from "./parsed-notation.js";

/** Longest integer literal the grammar accepts (docs/dice.md §6). */
const MAX_INTEGER_DIGITS = 7;

const MODIFIER_LIST = "kh, kl, dh, dl, k, d, !, r, ro, min, >=, >, +, -";

/** Thrown inside the parser only; {@link parseNotation} turns it into data. */
class SyntaxFailure {
  constructor(readonly error: NotationSyntaxError) {}
}

/**
 * Parses standard dice notation (docs/dice.md §6.1 grammar): one dice group and any number of
 * modifiers, letters case-insensitive, tokens matched longest first, whitespace between tokens.
 * Positions are 1-based code points of the string as sent.
 *
 * @param notation - the string as received
 * @returns the parsed syntax, or the first syntax error with its position
 */
export function parseNotation(
  notation: string,
): { ok: true; parsed: ParsedNotation } | { ok: false; error: NotationSyntaxError } {
  try {
    return { ok: true, parsed: new NotationParser(notation).parse() };
  } catch (failure) {
    if (failure instanceof SyntaxFailure) return { ok: false, error: failure.error };
    throw failure;
  }
}

class NotationParser {
  private readonly original: string[];
  private readonly chars: string[];
  private index = 0;

  constructor(notation: string) {
    this.original = Array.from(notation);
    this.chars = this.original.map((char) => (/^[A-Z]$/.test(char) ? char.toLowerCase() : char));
  }

  parse(): ParsedNotation {
    this.skipSpace();
    if (this.atEnd()) this.fail(1, "Empty notation; expected dice such as 2d6");
    const parsed = this.parseDice();
    for (this.skipSpace(); !this.atEnd(); this.skipSpace()) this.parseModifier(parsed);
    return parsed;
  }

  private parseDice(): ParsedNotation {
    const countPosition = this.position();
    const count = this.isDigit() ? this.readDigits() : undefined;
    this.skipSpace();
    if (this.peek() !== "d") {
      const expected =
        count === undefined ? "dice such as 2d6" : "'d' and the number of sides, as in 2d6";
      this.unexpected(expected);
    }
    this.index++;
    this.skipSpace();
    const sidesPosition = this.position();
    let sides: number;
    if (this.peek() === "%") {
      this.index++;
      sides = 100;
    } else if (this.peek() === "f") {
      this.fail(sidesPosition, `Fudge dice (dF) at position ${sidesPosition} are not supported`);
    } else if (this.isDigit()) {
      sides = this.readDigits();
    } else {
      this.unexpected("the number of sides or %");
    }
    const parsed: ParsedNotation = {
      sides: { value: sides, position: sidesPosition },
      rerolls: [],
      adjustments: [],
    };
    if (count !== undefined) parsed.count = { value: count, position: countPosition };
    return parsed;
  }

  private parseModifier(parsed: ParsedNotation): void {
    const position = this.position();
    if (this.accept("min") || this.accept("mi")) {
      if (parsed.minimum !== undefined) this.duplicate(position, "minimum (min)");
      parsed.minimum = { value: this.readNumberAfter("min"), position };
    } else if (this.peek() === "k" || this.peek() === "d") {
      this.parseSelection(parsed, position);
    } else if (this.peek() === "!") {
      this.parseExplode(parsed, position);
    } else if (this.peek() === "r") {
      parsed.rerolls.push(this.parseReroll(position, parsed.sides.value));
    } else if (this.accept(">=") || this.accept(">")) {
      const strict = this.chars[this.index - 1] === ">";
      if (parsed.target !== undefined) this.duplicate(position, "success threshold (>= or >)");
      const threshold = this.readNumberAfter(strict ? ">" : ">=");
      parsed.target = { value: strict ? threshold + 1 : threshold, position };
    } else if (this.peek() === "<") {
      this.fail(
        position,
        `Counting successes with '<' at position ${position} is not supported; use >= or >`,
      );
    } else if (this.peek() === "+" || this.peek() === "-") {
      parsed.adjustments.push({ value: this.parseAdjustment(), position });
    } else {
      this.unexpected(`a modifier (${MODIFIER_LIST}) or the end`);
    }
  }

  private parseSelection(parsed: ParsedNotation, position: number): void {
    const letter = this.peek();
    this.index++;
    const next = this.peek();
    const side = next === "h" || next === "l" ? next : undefined;
    if (side !== undefined) this.index++;
    const keyword = `${letter}${side ?? ""}`;
    const high = side === undefined ? letter === "k" : side === "h";
    const kind =
      letter === "k"
        ? high
          ? "keep_highest"
          : "keep_lowest"
        : high
          ? "drop_highest"
          : "drop_lowest";
    if (parsed.selection !== undefined) this.duplicate(position, "keep or drop (kh, kl, dh, dl)");
    parsed.selection = { value: { kind, count: this.readNumberAfter(keyword) }, position };
  }

  private parseExplode(parsed: ParsedNotation, position: number): void {
    this.index++;
    if (this.peek() === "!") this.index++;
    const next = this.peek();
    if (next === "p") {
      this.fail(position, `Penetrating explosions (!p) at position ${position} are not supported`);
    }
    const comparison =
      next === "<" || next === "=" || (next === ">" && this.chars[this.index + 1] !== "=");
    if (comparison) {
      this.fail(
        position,
        `Exploding on a comparison at position ${position} is not supported; ! explodes on the highest face`,
      );
    }
    if (parsed.exploding !== undefined) this.duplicate(position, "explode (!)");
    parsed.exploding = { value: true, position };
  }

  private parseReroll(position: number, sides: number): RerollToken {
    this.index++;
    if (this.peek() === "r") {
      this.fail(
        position,
        `Reroll until (rr) at position ${position} is not supported; r and ro reroll once`,
      );
    }
    if (this.peek() === "o") this.index++;
    this.skipSpace();
    if (this.peek() === "{") return { faces: this.readSet(), position };
    const comparison = this.readComparison();
    if (comparison === undefined || comparison === "=") {
      return { faces: [this.readNumberAfter(comparison ?? "r")], position };
    }
    const bound = this.readNumberAfter(comparison);
    return { faces: facesMatching(comparison, bound, sides), position };
  }

  private readSet(): number[] {
    this.index++;
    const faces: number[] = [];
    for (;;) {
      this.skipSpace();
      faces.push(this.readNumberAfter(faces.length === 0 ? "{" : ","));
      this.skipSpace();
      if (this.accept("}")) return faces;
      if (!this.accept(",")) this.unexpected("',' or '}' in the reroll set");
    }
  }

  private readComparison(): string | undefined {
    for (const operator of ["<=", ">=", "<", ">", "="]) if (this.accept(operator)) return operator;
    return undefined;
  }

  private parseAdjustment(): number {
    const sign = this.peek() === "-" ? -1 : 1;
    this.index++;
    this.skipSpace();
    const start = this.position();
    if (this.peek() === "d") this.secondGroup(start);
    const amount = this.readNumberAfter(sign === 1 ? "+" : "-");
    if (this.peek() === "d") this.secondGroup(start);
    return sign * amount;
  }

  private secondGroup(position: number): never {
    this.fail(
      position,
      `A second dice group at position ${position}: only one dice group per notation; use roll_multiple for several`,
    );
  }

  private readNumberAfter(keyword: string): number {
    if (!this.isDigit()) {
      this.skipSpace();
      if (!this.isDigit()) this.unexpected(`a number after ${keyword}`);
    }
    return this.readDigits();
  }

  private readDigits(): number {
    const start = this.position();
    let digits = "";
    while (this.isDigit()) digits += this.chars[this.index++];
    if (digits.length > MAX_INTEGER_DIGITS) {
      this.fail(start, `Number at position ${start} has more than ${MAX_INTEGER_DIGITS} digits`);
    }
    return Number(digits);
  }

  private duplicate(position: number, what: string): never {
    this.fail(position, `A second ${what} at position ${position}; each may appear only once`);
  }

  private unexpected(expected: string): never {
    const position = this.position();
    const found = this.atEnd() ? "end" : `'${this.original[this.index]}'`;
    this.fail(position, `Unexpected ${found} at position ${position}; expected ${expected}`);
  }

  private fail(position: number, issue: string): never {
    throw new SyntaxFailure({ position, issue });
  }

  private accept(token: string): boolean {
    for (let offset = 0; offset < token.length; offset++) {
      if (this.chars[this.index + offset] !== token[offset]) return false;
    }
    this.index += token.length;
    return true;
  }

  private skipSpace(): void {
    while (this.peek() === " " || this.peek() === "\t") this.index++;
  }

  private peek(): string | undefined {
    return this.chars[this.index];
  }

  private isDigit(): boolean {
    const char = this.peek();
    return char !== undefined && char >= "0" && char <= "9";
  }

  private atEnd(): boolean {
    return this.index >= this.chars.length;
  }

  private position(): number {
    return this.index + 1;
  }
}

/** The faces of a d`sides` that satisfy `face <operator> bound`. */
function facesMatching(operator: string, bound: number, sides: number): number[] {
  const faces: number[] = [];
  for (let face = 1; face <= sides; face++) {
    const matches =
      operator === "<"
        ? face < bound
        : operator === "<="
          ? face <= bound
          : operator === ">"
            ? face > bound
            : face >= bound;
    if (matches) faces.push(face);
  }
  return faces;
}
