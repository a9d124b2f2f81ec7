/**
 * The lint rule that keeps the api's owners and floors (eslint-rules/module-boundaries.js, set up in
 * eslint.config.js): a deliberately wrong import fails `pnpm lint`, a right one passes. Runs ESLint
 * itself on source text placed, by name, where the import would live.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary errors ESLint reports for `code` as if it were the file `file` (from the repository root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'api-modules/modules')
    .map((message) => message.message);
}

describe('module boundaries (pnpm lint)', () => {
  test("a module importing a file inside another module fails, naming that module's face", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/orders/wrong.ts',
      `import { recordStockMovements } from '../inventory/stock-ledger';\nexport const use = recordStockMovements;\n`,
    );
    expect(errors).toEqual([
      "Module 'orders' imports '../inventory/stock-ledger', a file inside module 'inventory': import its face ('../inventory') and export what you need from inventory/index.ts",
    ]);
  });

  test('from a workflow one folder down, too', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/orders/workflows/wrong.ts',
      `export { changeLineStock } from '../../inventory/order-stock';\n`,
    );
    expect(errors).toHaveLength(1);
  });

  test("a module importing another's index.ts, or its own files, passes", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/orders/right.ts',
      [
        `import { recordStockMovements } from '../inventory';`,
        `import { publishAfterCommit } from '../live-events/index';`,
        `import { loadOrderAggregate } from './orders.repository';`,
        `export const use = [recordStockMovements, publishAfterCommit, loadOrderAggregate];`,
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  test('the base layer importing a module fails, even through its face', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/trpc/trpc.ts',
      `import { recordAccessDenied } from '../modules/audit';\nexport const use = recordAccessDenied;\n`,
    );
    expect(errors).toEqual([
      "The base layer ('apps/api/src/trpc/trpc.ts') imports no module, and '../modules/audit' is in module 'audit': hand it in from the composition root instead",
    ]);
  });

  test('the composition root wires modules from their files', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/app-router.ts',
      `import { ordersRouter } from './modules/orders/orders.router';\nexport const use = ordersRouter;\n`,
    );
    expect(errors).toEqual([]);
  });
});
