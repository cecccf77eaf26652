// The report: results grouped by area, written as JSON and as a markdown table per area.
import { cpus } from "node:os";

/** Collects results, skipped measurements and the run's facts. */
export function createReport({ quick }) {
  const startedAt = Date.now();
  const results = [];
  const skipped = [];
  const sections = [];
  return {
    results,
    skipped,
    /** Records how long one part of the run took, for the time budget. */
    timeSection(title, milliseconds) {
      sections.push({ title, seconds: Math.round(milliseconds / 100) / 10 });
    },
    /**
     * Adds one row. `reference` names what the result was compared with (a floor or a peer,
     * measured in the same run); `met` is set only when there is a target, `goal` when that
     * target is a goal rather than a requirement (a miss then reads "goal missed").
     */
    add(row) {
      results.push(row);
    },
    skip(area, what, why) {
      skipped.push({ area, what, why });
      process.stderr.write(`  skipped ${what}: ${why}\n`);
    },
    toJson() {
      return {
        date: new Date(startedAt).toISOString(),
        node: process.version,
        cpus: cpus().length,
        quick,
        duration_s: Math.round((Date.now() - startedAt) / 1000),
        sections,
        results,
        skipped,
      };
    },
    toMarkdown() {
      const json = this.toJson();
      const lines = [
        `# Benchmark results${quick ? " (quick)" : ""}`,
        "",
        `${json.date}, Node ${json.node}, ${json.cpus} CPUs, ${json.duration_s} s. Every result was measured in this run next to its floor or reference, interleaved.`,
      ];
      const areas = [...new Set(results.map((row) => row.area))];
      for (const area of areas) {
        lines.push("", `## ${area}`, "");
        lines.push("| measure | result | floor / reference | ratio | target | status |");
        lines.push("|---|---|---|---|---|---|");
        for (const row of results.filter((entry) => entry.area === area)) {
          lines.push(
            `| ${[
              row.name,
              `${formatNumber(row.value)} ${row.unit}`,
              row.reference ?? "",
              row.ratio === undefined ? "" : `${formatNumber(row.ratio)}x`,
              row.target ?? "",
              row.met === undefined ? "" : row.met ? "pass" : row.goal ? "goal missed" : "**miss**",
            ]
              .map(escapeCell)
              .join(" | ")} |`,
          );
        }
      }
      if (skipped.length > 0) {
        lines.push("", "## Skipped", "");
        for (const entry of skipped) lines.push(`- ${entry.area}: ${entry.what}: ${entry.why}`);
      }
      lines.push("", "## Time per part", "", "| part | seconds |", "|---|---|");
      for (const entry of sections) lines.push(`| ${escapeCell(entry.title)} | ${entry.seconds} |`);
      return `${lines.join("\n")}\n`;
    },
  };
}

/** Three significant figures at most, no exponent notation. */
export function formatNumber(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return String(Math.round(value));
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

function escapeCell(text) {
  return String(text).replaceAll("|", "\\|").replaceAll("\n", " ");
}
