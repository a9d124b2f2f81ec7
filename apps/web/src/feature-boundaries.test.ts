// @vitest-environment node
/**
 * The lint rule that keeps the web's features apart (eslint.config.js, `boundaries/dependencies`;
 * docs/architecture.md §1, "Inside the web"), run through ESLint's Node API on fixtures written as
 * files of this tree: a wrong import fails, the same import through the feature's face passes.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The boundary errors ESLint reports for `code` as if it were the file `path` (from apps/web/src). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}apps/web/src/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('the feature boundaries', { timeout: 60_000 }, () => {
  it("fails a feature that imports another feature's internals", async () => {
    const errors = await boundaryErrors(
      'features/checkout/boundary-fixture.ts',
      "import { useCart } from '../cart/cart-store';\nexport const cart = useCart;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Features meet through faces/);
  });

  it('passes the same import through the feature’s face', async () => {
    const errors = await boundaryErrors(
      'features/checkout/boundary-fixture.ts',
      "import { useCart } from '../cart';\nexport const cart = useCart;\n",
    );
    expect(errors).toEqual([]);
  });

  it('fails shared code that imports a feature, even through its face', async () => {
    const errors = await boundaryErrors(
      'components/boundary-fixture.ts',
      "import { useCart } from '../features/cart';\nexport const cart = useCart;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("fails a feature that draws another feature's screen: only the route tables do", async () => {
    const screen = "export const load = () => import('../../cart/routes/cart.page');\n";
    expect(await boundaryErrors('features/checkout/components/boundary-fixture.ts', screen)).toHaveLength(1);
    expect(
      await boundaryErrors('features/admin/boundary-fixture.ts', screen.replace('../../', '../')),
    ).toEqual([]);
  });
});
