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
  const parsed = parseDerivedExpression(expression, knownKeys);
  return parsed.ok ? { ok: true, dependencies: parsed.dependencies } : parsed;
}

/** A checked expression's tree, the key each of its names stands for, and the keys it uses. */
type ParsedExpression =
  | { ok: true; tree: Node; keyOf: ReadonlyMap<string, string>; dependencies: string[] }
  | ({ ok: false } & ExpressionProblem);

function parseDerivedExpression(expression: string, knownKeys: readonly string[]): ParsedExpression {
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
  return problem
    ? { ok: false, ...problem }
    : { ok: true, tree, keyOf: placeholders, dependencies: [...dependencies] };
}

// ---------------------------------------------------------------------------
// Evaluation
//
// A checked expression is evaluated by walking its tree: nothing is ever run
// as code. Values are numbers; comparisons and `!`, `&&`, `||` give booleans,
// which count as 1 and 0 in arithmetic, and a number is true when it is not 0.
// `&&`, `||` and `? :` evaluate only the side they need, so `o2 < 21 ? x / (21
// - o2) : x` never divides by zero. `log` is the natural logarithm, `round(x)`
// rounds half up (as `Math.round`) and `round(x, n)` to n decimal places.
// Anything that cannot give a finite number gives null: an input missing or
// not finite, a division by zero, the square root of a negative number, a
// function called with the wrong number of arguments, an expression that is
// not allowed.

type Value = number | boolean;

const toNumber = (value: Value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);
const toBoolean = (value: Value) => (typeof value === 'boolean' ? value : value !== 0);
const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);

/** How many arguments each function takes: [least, most]. */
const FUNCTION_ARITY: Record<(typeof EXPRESSION_FUNCTIONS)[number], readonly [number, number]> = {
  abs: [1, 1],
  min: [1, Infinity],
  max: [1, Infinity],
  sqrt: [1, 1],
  pow: [2, 2],
  log: [1, 1],
  exp: [1, 1],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
};

function callFunction(name: string, args: number[]): number | null {
  const arity = FUNCTION_ARITY[name as keyof typeof FUNCTION_ARITY];
  if (!arity || args.length < arity[0] || args.length > arity[1]) return null;
  const [x = NaN, y = NaN] = args;
  switch (name) {
    case 'abs':
      return Math.abs(x);
    case 'min':
      return Math.min(...args);
    case 'max':
      return Math.max(...args);
    case 'sqrt':
      return Math.sqrt(x);
    case 'pow':
      return x ** y;
    case 'log':
      return Math.log(x);
    case 'exp':
      return Math.exp(x);
    case 'round': {
      if (args.length === 1) return Math.round(x);
      if (!Number.isInteger(y) || Math.abs(y) > 15) return null;
      const factor = 10 ** y;
      return Math.round(x * factor) / factor;
    }
    case 'floor':
      return Math.floor(x);
    case 'ceil':
      return Math.ceil(x);
    default:
      return null;
  }
}

function arithmetic(operator: string, left: number, right: number): number | null {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
    case '%':
      return left % right;
    default:
      return null;
  }
}

function comparison(operator: string, left: number, right: number): boolean | null {
  switch (operator) {
    case '<':
      return left < right;
    case '>':
      return left > right;
    case '<=':
      return left <= right;
    case '>=':
      return left >= right;
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    default:
      return null;
  }
}

/** The value of a checked tree; null as soon as a step cannot give a finite number. */
function evaluateNode(
  node: Node,
  keyOf: ReadonlyMap<string, string>,
  values: Readonly<Record<string, number>>,
): Value | null {
  const run = (child: Node): Value | null => evaluateNode(child, keyOf, values);
  const runNumber = (child: Node): number | null => {
    const value = run(child);
    return value === null ? null : toNumber(value);
  };
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'number' || typeof node.value === 'boolean' ? node.value : null;
    case 'Identifier': {
      const key = keyOf.get(String(node.name));
      if (key === undefined || !Object.hasOwn(values, key)) return null;
      const value = values[key];
      return typeof value === 'number' ? finiteOrNull(value) : null;
    }
    case 'UnaryExpression': {
      const argument = run(node.argument as Node);
      if (argument === null) return null;
      if (node.operator === '!') return !toBoolean(argument);
      if (node.operator === '-') return -toNumber(argument);
      if (node.operator === '+') return toNumber(argument);
      return null;
    }
    case 'BinaryExpression': {
      const operator = String(node.operator);
      if (operator === '&&' || operator === '||') {
        const left = run(node.left as Node);
        if (left === null) return null;
        if (toBoolean(left) === (operator === '||')) return operator === '||';
        const right = run(node.right as Node);
        return right === null ? null : toBoolean(right);
      }
      const left = runNumber(node.left as Node);
      if (left === null) return null;
      const right = runNumber(node.right as Node);
      if (right === null) return null;
      const compared = comparison(operator, left, right);
      if (compared !== null) return compared;
      const result = arithmetic(operator, left, right);
      return result === null ? null : finiteOrNull(result);
    }
    case 'ConditionalExpression': {
      const test = run(node.test as Node);
      if (test === null) return null;
      return run((toBoolean(test) ? node.consequent : node.alternate) as Node);
    }
    case 'CallExpression': {
      const callee = node.callee as Node;
      if (callee.type !== 'Identifier') return null;
      const args: number[] = [];
      for (const argument of node.arguments as Node[]) {
        const value = runNumber(argument);
        if (value === null) return null;
        args.push(value);
      }
      const result = callFunction(String(callee.name), args);
      return result === null ? null : finiteOrNull(result);
    }
    default:
      return null;
  }
}

/** A checked expression, parsed once to be evaluated for many sets of values (each slot of a series). */
export interface CompiledExpression {
  /** The keys it reads. */
  dependencies: readonly string[];
  /** Its value, or null: an input missing, a step without a finite result. A comparison gives 1 or 0. */
  evaluate(values: Readonly<Record<string, number>>): number | null;
  /** Whether it holds (a number holds when it is not 0), or null as for `evaluate`. */
  holds(values: Readonly<Record<string, number>>): boolean | null;
}

/**
 * Parses and checks an expression or condition once (see
 * `checkDerivedExpression`); null when it is not allowed. Every input it
 * uses must have a value for it to have one, even one on a side not taken.
 */
export function compileDerivedExpression(
  expression: string,
  knownKeys: readonly string[],
): CompiledExpression | null {
  const parsed = parseDerivedExpression(expression, knownKeys);
  if (!parsed.ok) return null;
  const { tree, keyOf, dependencies } = parsed;
  const run = (values: Readonly<Record<string, number>>): Value | null => {
    for (const key of dependencies) {
      const value = Object.hasOwn(values, key) ? values[key] : undefined;
      if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    }
    return evaluateNode(tree, keyOf, values);
  };
  return {
    dependencies,
    evaluate(values) {
      const value = run(values);
      return value === null ? null : finiteOrNull(toNumber(value));
    },
    holds(values) {
      const value = run(values);
      return value === null ? null : toBoolean(value);
    },
  };
}

/**
 * The value of an expression over named values (parameter keys and series
 * names), or null when an input is missing, a step has no finite result
 * (a division by zero) or the expression is not allowed.
 */
export function evaluateExpression(
  expression: string,
  values: Readonly<Record<string, number>>,
): number | null {
  return compileDerivedExpression(expression, Object.keys(values))?.evaluate(values) ?? null;
}

/** Whether a condition holds for the values, or null when it cannot be told (see `evaluateExpression`). */
export function evaluateCondition(
  condition: string,
  values: Readonly<Record<string, number>>,
): boolean | null {
  return compileDerivedExpression(condition, Object.keys(values))?.holds(values) ?? null;
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
