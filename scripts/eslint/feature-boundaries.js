import { dirname, relative, resolve, sep } from 'node:path';

const FEATURES_DIR = resolve(import.meta.dirname, '../../apps/web/src/features');

/** `tenants` for a path inside `features/tenants/…`; null outside the features folder. */
function featureOf(path) {
  const rel = relative(FEATURES_DIR, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0];
}

/**
 * A feature may use another feature only through that feature's `index.ts`
 * (what it chooses to share); shared pieces live in `components/`. Imports of
 * another feature's internals are reported.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import other features only through their index.ts' },
    messages: {
      internal:
        "'{{source}}' reaches into the '{{target}}' feature. Import it from '{{target}}' (its index.ts), or move the shared piece to components/.",
    },
    schema: [],
  },
  create(context) {
    const own = featureOf(context.filename);
    // Tests may borrow another feature's test support.
    if (own === null || /\.test\.|test-support/.test(context.filename)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source);
      const feature = featureOf(target);
      if (feature === null || feature === own) return;
      const rest = relative(resolve(FEATURES_DIR, feature), target);
      if (rest === '' || rest === 'index' || rest === 'index.ts') return;
      context.report({ node, messageId: 'internal', data: { source, target: feature } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
