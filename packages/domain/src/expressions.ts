import jsep from 'jsep';

/** Functions a derived-parameter expression may call. */
export const EXPRESSION_FUNCTIONS = [
  'abs',
  'min',
  'max',
  'sqrt',
  'pow',
  'log',
  'exp',
  'round',
  'floor',
  'ceil',
] as const;

const BINARY_OPERATORS = new Set(['+', '-', '*', '/', '%', '<', '>', '<=', '>=', '==', '!=', '&&', '||']);
const UNARY_OPERATORS = new Set(['-', '+', '!']);

/** Why an expression is refused: clients word it from the rule and its values, never from the message. */
export const EXPRESSION_RULES = [
  'expressionEmpty',
  'expressionTooLong',
  'expressionSyntax',
  'onlyNumbers',
  'unknownParameter',
  'operatorNotAllowed',
  'unknownFunction',
  'oneExpressionOnly',
  'expressionKindNotAllowed',
] as const;
export type ExpressionRule = (typeof EXPRESSION_RULES)[number];

/** A refused expression: the rule it breaks, the values its wording needs, and the English message. */
export interface ExpressionProblem {
  rule: ExpressionRule;
  values: Record<string, string>;
  message: string;
}

export type ExpressionCheck = { ok: true; dependencies: string[] } | ({ ok: false } & ExpressionProblem);

const problemOf = (rule: ExpressionRule, values: Record<string, string> = {}): ExpressionProblem => {
  switch (rule) {
    case 'expressionEmpty':
      return { rule, values, message: 'Enter an expression.' };
    case 'expressionTooLong':
      return { rule, values, message: 'The expression is too long.' };
    case 'expressionSyntax':
      return { rule, values, message: `Invalid expression: ${values.detail ?? ''}` };
    case 'onlyNumbers':
      return { rule, values, message: 'Only numbers may appear as values.' };
    case 'unknownParameter':
      return { rule, values, message: `Unknown parameter '${values.key ?? ''}'.` };
    case 'operatorNotAllowed':
      return { rule, values, message: `The operator '${values.operator ?? ''}' is not allowed.` };
    case 'unknownFunction':
      return { rule, values, message: `Unknown function '${values.name ?? ''}'.` };
    case 'oneExpressionOnly':
      return { rule, values, message: 'Write one expression only.' };
    case 'expressionKindNotAllowed':
      return { rule, values, message: 'This kind of expression is not allowed.' };
  }
};

type Node = jsep.Expression;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `a.b.c` of a chain of non-computed member accesses, for messages. */
function dottedName(node: Node): string {
  if (node.type === 'Identifier') return String(node.name);
  if (node.type === 'MemberExpression' && !node.computed) {
    return `${dottedName(node.object as Node)}.${dottedName(node.property as Node)}`;
  }
  if (node.type === 'Literal') return String(node.value);
  return '?';
}

/**
 * Parses a derived parameter's expression with a real parser (jsep, no eval)
 * and checks it: only numbers, known parameter keys, arithmetic, comparisons,
 * the conditional operator and a few math functions. Parameter keys may contain
 * dots ("pm2.5"). Returns the parameters it depends on.
 */
export function checkDerivedExpression(expression: string, knownKeys: readonly string[]): ExpressionCheck {
  const text = expression.trim();
  if (!text) return { ok: false, ...problemOf('expressionEmpty') };
  if (text.length > 1000) return { ok: false, ...problemOf('expressionTooLong') };

  // Known keys become placeholders so that dotted keys parse as one name.
  const keys = [...new Set(knownKeys)].sort((a, b) => b.length - a.length);
  const placeholders = new Map<string, string>();
  let prepared = text;
  keys.forEach((key, i) => {
    const placeholder = `__p${i}__`;
    const pattern = new RegExp(`(?<![A-Za-z0-9_.])${escapeRegExp(key)}(?![A-Za-z0-9_])`, 'g');
    if (pattern.test(prepared)) {
      prepared = prepared.replace(pattern, placeholder);
      placeholders.set(placeholder, key);
    }
  });

  let tree: Node;
  try {
    tree = jsep(prepared);
  } catch (error) {
    return { ok: false, ...problemOf('expressionSyntax', { detail: (error as Error).message }) };
  }

  const dependencies = new Set<string>();
  const restore = (name: string) => name.replace(/__p\d+__/g, (p) => placeholders.get(p) ?? p);
  const visit = (node: Node): ExpressionProblem | null => {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' || typeof node.value === 'boolean'
          ? null
          : problemOf('onlyNumbers');
      case 'Identifier': {
        const key = placeholders.get(String(node.name));
        if (key === undefined) return problemOf('unknownParameter', { key: restore(String(node.name)) });
        dependencies.add(key);
        return null;
      }
      case 'MemberExpression':
        return problemOf('unknownParameter', { key: restore(dottedName(node)) });
      case 'BinaryExpression':
        if (!BINARY_OPERATORS.has(String(node.operator)))
          return problemOf('operatorNotAllowed', { operator: String(node.operator) });
        return visit(node.left as Node) ?? visit(node.right as Node);
      case 'UnaryExpression':
        if (!UNARY_OPERATORS.has(String(node.operator)))
          return problemOf('operatorNotAllowed', { operator: String(node.operator) });
        return visit(node.argument as Node);
      case 'ConditionalExpression':
        return visit(node.test as Node) ?? visit(node.consequent as Node) ?? visit(node.alternate as Node);
      case 'CallExpression': {
        const callee = node.callee as Node;
        const name = callee.type === 'Identifier' ? String(callee.name) : dottedName(callee);
        if (!(EXPRESSION_FUNCTIONS as readonly string[]).includes(name))
          return problemOf('unknownFunction', { name: restore(name) });
        for (const argument of node.arguments as Node[]) {
          const problem = visit(argument);
          if (problem) return problem;
        }
        return null;
      }
      case 'Compound':
        return problemOf('oneExpressionOnly');
      default:
        return problemOf('expressionKindNotAllowed');
    }
  };
  const problem = visit(tree);
  return problem ? { ok: false, ...problem } : { ok: true, dependencies: [...dependencies] };
}

/**
 * The first cycle among derived parameters (each key → the keys its
 * expression uses), as a path that starts and ends with the same key, or null.
 */
export function findDependencyCycle(graph: Readonly<Record<string, readonly string[]>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (key: string): string[] | null => {
    if (state.get(key) === 'done') return null;
    if (state.get(key) === 'visiting') return [...path.slice(path.indexOf(key)), key];
    state.set(key, 'visiting');
    path.push(key);
    for (const next of graph[key] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(key, 'done');
    return null;
  };
  for (const key of Object.keys(graph)) {
    const cycle = visit(key);
    if (cycle) return cycle;
  }
  return null;
}
