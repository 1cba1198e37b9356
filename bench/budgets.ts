import { megabytes } from './report-format';
import type { PartResults } from './results';

export interface BudgetCheck {
  readonly budget: string;
  readonly met: boolean;
  /** The figures that miss it, or the figure that meets it. */
  readonly detail: string;
}

export const UPLOAD_GROWTH_LIMIT_BYTES = 64 * 1024 * 1024;

/** The budgets of the README's Performance section, checked against one run's figures. */
export function checkBudgets(parts: PartResults): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  if (parts.pages !== undefined) {
    const rows = parts.pages.rows;
    for (const [category, label] of [
      ['accessibility', 'Accessibility 100'],
      ['best-practices', 'Best practices 100'],
      ['seo', 'SEO 100'],
    ] as const) {
      const misses = rows.filter((row) => row.median.scores[category] < 100);
      checks.push({
        budget: `${label} on every public route`,
        met: misses.length === 0,
        detail: misses.length === 0 ? 'all 100' : misses.map((row) => `${row.route} ${row.median.scores[category]}`).join(', '),
      });
    }
    const slow = rows.filter((row) => row.median.scores.performance < 95);
    checks.push({
      budget: 'Performance at least 95 on every public route',
      met: slow.length === 0,
      detail:
        slow.length === 0
          ? `lowest ${Math.min(...rows.map((row) => row.median.scores.performance))}`
          : slow.map((row) => `${row.route} ${row.median.scores.performance}`).join(', '),
    });
  }
  if (parts.load !== undefined) {
    const failing = parts.load.rows.filter((row) => row.server.errors + row.server.timeouts + row.server.non2xx > 0);
    checks.push({
      budget: 'Zero errors and zero non-2xx under load',
      met: failing.length === 0,
      detail:
        failing.length === 0
          ? `${parts.load.rows.reduce((sum, row) => sum + row.server.requests, 0)} requests, none failed`
          : failing.map((row) => `${row.target}: ${row.server.errors} errors, ${row.server.timeouts} timeouts, ${row.server.non2xx} non-2xx`).join('; '),
    });
  }
  if (parts.upload !== undefined && parts.upload.rows.length > 0) {
    const growth = parts.upload.rows.map((row) => ({ size: row.sizeBytes, growth: row.rssPeakBytes - row.rssBeforeBytes }));
    const worst = Math.max(...growth.map((entry) => entry.growth));
    checks.push({
      budget: `Upload memory does not grow with the file (peak RSS growth under ${megabytes(UPLOAD_GROWTH_LIMIT_BYTES)} at every size)`,
      met: worst < UPLOAD_GROWTH_LIMIT_BYTES,
      detail: growth.map((entry) => `${megabytes(entry.size)}: +${megabytes(entry.growth)}`).join(', '),
    });
  }
  return checks;
}

export function budgetLines(checks: readonly BudgetCheck[]): string[] {
  return checks.map((check) => `- ${check.met ? 'met' : 'MISSED'}: ${check.budget} (${check.detail})`);
}
