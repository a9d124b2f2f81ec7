/**
 * axe-core on what the page shows now (docs/accessibility.md, "axe in CI"): fails on any critical
 * or serious violation of WCAG 2.0–2.2 A/AA, naming the rule, the elements and axe's advice.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * `exclude`: CSS selectors axe leaves out. The email preview's sandboxed frame is one: it shows the
 * email as a mail program would (its own markup, no script may run in it), and axe, which must run
 * a script inside every frame it judges, can wait on it for minutes.
 */
export async function expectNoAxeViolations(page: Page, screen: string, exclude: string[] = []) {
  // Mantine's transitions (dialogs, menus) would otherwise be judged half-faded: wait until no
  // animation that ends (spinners and skeletons loop forever) has run for 100 ms, polled on a timer
  // (a transition just mounted starts a frame later; animation frames are not counted on).
  await page.waitForFunction(
    () => {
      const settled = window as unknown as { axeSettledSince?: number };
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (moving) {
        settled.axeSettledSince = undefined;
        return false;
      }
      settled.axeSettledSince ??= performance.now();
      return performance.now() - settled.axeSettledSince >= 100;
    },
    undefined,
    { polling: 50 },
  );
  await page.evaluate(() => {
    delete (window as unknown as { axeSettledSince?: number }).axeSettledSince;
  });
  const builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'critical' || violation.impact === 'serious',
  );
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n'),
  );
  expect(report, `axe on ${screen}`).toEqual([]);
}
