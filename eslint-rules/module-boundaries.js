/**
 * `api-modules/modules`: the api's floors and owners, checked on every relative import
 * (docs/architecture.md "Modules" and "Floors").
 *
 * - A module (a folder under `modules`) imports another module only through its face, the folder
 *   itself or its `index.ts`: never a file inside it.
 * - The base layer (`base`: files and folders that every module builds on) imports no module.
 *
 * Options: `{ modules: 'apps/api/src/modules', base: ['apps/api/src/http/', 'apps/api/src/errors.ts', …] }`,
 * paths from the repository root (where eslint.config.js stands). Imports of packages are not
 * checked; the composition root and tests are neither modules nor base, so they are free.
 */
import path from 'node:path';

const ROOT = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const FACE = /^(index(\.[cm]?[jt]s)?)?$/;

/** The module a path lies in and the rest of its path inside it, or null outside `modulesDir`. */
function moduleOf(file, modulesDir) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative) || relative === '') return null;
  const [name, ...rest] = relative.split(path.sep);
  return { name, inside: rest.join('/') };
}

const modulesRule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Modules import each other only through index.ts; the base layer imports no module',
    },
    schema: [
      {
        type: 'object',
        properties: { modules: { type: 'string' }, base: { type: 'array', items: { type: 'string' } } },
        required: ['modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      internals:
        "Module '{{from}}' imports '{{spec}}', a file inside module '{{to}}': import its face ('{{face}}') and export what you need from {{to}}/index.ts",
      base: "The base layer ('{{file}}') imports no module, and '{{spec}}' is in module '{{to}}': hand it in from the composition root instead",
    },
  },
  create(context) {
    const options = context.options[0];
    const modulesDir = path.resolve(ROOT, options.modules);
    const base = (options.base ?? []).map(
      (entry) => path.resolve(ROOT, entry) + (entry.endsWith('/') ? path.sep : ''),
    );
    const file = path.resolve(context.filename);
    const from = moduleOf(file, modulesDir);
    const inBase = base.some((entry) => (entry.endsWith(path.sep) ? file.startsWith(entry) : file === entry));
    if (!from && !inBase) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const to = moduleOf(target, modulesDir);
      if (!to) return;
      if (inBase) {
        context.report({
          node: source,
          messageId: 'base',
          data: { file: path.relative(ROOT, file), spec: source.value, to: to.name },
        });
        return;
      }
      if (to.name === from.name || FACE.test(to.inside)) return;
      let face = path.relative(path.dirname(file), path.join(modulesDir, to.name));
      if (!face.startsWith('.')) face = `./${face}`;
      context.report({
        node: source,
        messageId: 'internals',
        data: { from: from.name, to: to.name, spec: source.value, face },
      });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { meta: { name: 'module-boundaries' }, rules: { modules: modulesRule } };
