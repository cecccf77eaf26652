const integerPattern = /^[+-]?\d+$/;
const decimalPattern = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** Whether the text is an integer literal that fits in a signed 64-bit integer. */
export function isInteger64(text: string): boolean {
  if (!integerPattern.test(text)) return false;
  const value = BigInt(text);
  return value >= int64Min && value <= int64Max;
}

/** Whether the text is an integer literal (optional sign, digits). */
export function isIntegerLiteral(text: string): boolean {
  return integerPattern.test(text);
}

/** Whether the text is a decimal or exponent number literal (integers included). */
export function isNumberLiteral(text: string): boolean {
  return decimalPattern.test(text);
}
