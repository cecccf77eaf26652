/**
 * The Binomial(trials, probability) mass function as float64, computed outward from the mode
 * with ratio recurrences and normalized, so that large `trials` neither underflow at the start
 * nor lose the mass near the mode.
 *
 * @param trials - number of independent trials, ≥ 0
 * @param probability - success probability of each trial, 0..1
 */
export function binomialMass(trials: number, probability: number): Float64Array {
  const mass = new Float64Array(trials + 1);
  if (probability <= 0) {
    mass[0] = 1;
    return mass;
  }
  if (probability >= 1) {
    mass[trials] = 1;
    return mass;
  }
  const odds = probability / (1 - probability);
  const mode = Math.min(trials, Math.floor((trials + 1) * probability));
  mass[mode] = 1;
  for (let k = mode + 1; k <= trials; k++) {
    mass[k] = (((mass[k - 1] as number) * (trials - k + 1)) / k) * odds;
  }
  for (let k = mode - 1; k >= 0; k--) {
    mass[k] = ((mass[k + 1] as number) * (k + 1)) / (trials - k) / odds;
  }
  let total = 0;
  for (const value of mass) total += value;
  for (let k = 0; k <= trials; k++) mass[k] = (mass[k] as number) / total;
  return mass;
}
