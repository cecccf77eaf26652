/**
 * Critical value of the chi-square distribution with `df` degrees of freedom at p = 0.001: the
 * x with P(X ≥ x) = 0.001, found by bisection on the regularized upper incomplete gamma
 * function Q(df/2, x/2), which is the chi-square survival function.
 */
export function chiSquareCritical001(df: number): number {
  let low = 0;
  let high = 10 * df + 100;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (upperRegularizedGamma(df / 2, middle / 2) > 0.001) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** Pearson's statistic of observed counts against a uniform expectation. */
export function chiSquareStatistic(counts: ArrayLike<number>, total: number): number {
  const expected = total / counts.length;
  let statistic = 0;
  for (let index = 0; index < counts.length; index++) {
    const difference = (counts[index] as number) - expected;
    statistic += (difference * difference) / expected;
  }
  return statistic;
}

/** Q(a, x) by the power series of P below a + 1 and Lentz's continued fraction above. */
function upperRegularizedGamma(a: number, x: number): number {
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * Math.exp(logPrefix);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let fraction = d;
  for (let n = 1; n < 1000; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    fraction *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(logPrefix) * fraction;
}

/** ln Γ(z) for z > 0 by the Lanczos approximation (g = 7, nine coefficients). */
function logGamma(z: number): number {
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const shifted = z - 1;
  let series = coefficients[0] as number;
  for (let i = 1; i < 9; i++) series += (coefficients[i] as number) / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(series);
}
