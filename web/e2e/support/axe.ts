import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** axe-core on the page as it is: its serious and critical violations go into `findings`. */
export async function axeSerious(page: Page, screen: string, findings: unknown[]): Promise<void> {
  // evaluated over the DevTools protocol: the app's CSP (script-src 'self') refuses an added <script>
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // colours read mid-transition (a button fading from disabled to enabled) are neither end's: let
  // the finite transitions and animations finish first (a spinner's never does, and is not waited for)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => ({ target: n.target, html: n.html.slice(0, 160), failureSummary: n.failureSummary?.slice(0, 300) })) }));
  });
  for (const v of violations) {
    if (v.impact === 'serious' || v.impact === 'critical') findings.push(...v.nodes.map((n) => `${screen}: ${v.id} (${v.help}): ${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`));
  }
}
