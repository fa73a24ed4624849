/**
 * Counts the work a piece of code does, without a clock: each call it makes to a built-in method of
 * arrays and strings (and RegExp test) is weighted by how many items or characters that call goes
 * through. `push` counts the items it adds, `pop` and `at` one, `unshift` and `shift` the whole array
 * they move, a method with a callback the calls it makes, `indexOf` how far it looked, `slice` what it
 * copied, other methods the whole array or string. Walking a tree, searching a stack and copying a
 * list all go through these, so code whose count grows with the square of its input does quadratic
 * work, whatever the machine's speed. Operators (`+`, `[i]`) and objects are not counted: the count
 * is a measure to compare between input sizes, not a cost. Tests only.
 */

type Method = (this: unknown, ...args: unknown[]) => unknown;
type Weigh = (self: unknown, args: unknown[], result: unknown) => number;

const CALLBACK_METHODS = ['every', 'some', 'find', 'findIndex', 'findLast', 'findLastIndex', 'filter', 'map', 'forEach', 'flatMap', 'reduce', 'reduceRight', 'sort', 'toSorted'];
const STRING_CONSTANT_METHODS = new Set<PropertyKey>(['charAt', 'charCodeAt', 'codePointAt', 'at']);

const length = (value: unknown): number => (typeof value === 'string' ? value.length : Array.isArray(value) ? value.length : 0);
const from = (value: unknown, size: number): number => {
  const index = Math.trunc(Number(value ?? 0)) || 0;
  return index < 0 ? Math.max(0, size + index) : Math.min(index, size);
};
/** How far `indexOf(x, from)` looked: to the match, or to the end. */
const searched = (size: number, start: unknown, result: unknown): number => {
  const begin = from(start, size);
  return 1 + (result === -1 ? size - begin : Number(result) - begin + 1);
};

/** Runs `fn` and returns its result with the work it did. Synchronous code only: the count covers everything that runs meanwhile. */
export function countWork<T>(fn: () => T): { result: T; work: number } {
  let work = 0;
  const restore: Array<() => void> = [];
  const patch = (prototype: object, key: PropertyKey, weigh: Weigh, countsCallback = false) => {
    const original = (prototype as Record<PropertyKey, Method>)[key]!;
    const counted: Method = function (this: unknown, ...args: unknown[]) {
      if (countsCallback && typeof args[0] === 'function') {
        const callback = args[0] as Method;
        args[0] = function (this: unknown, ...callbackArgs: unknown[]) {
          work++;
          return callback.apply(this, callbackArgs);
        };
      }
      const result = original.apply(this, args);
      work += weigh(this, args, result);
      return result;
    };
    Object.defineProperty(prototype, key, { value: counted, writable: true, configurable: true, enumerable: false });
    restore.push(() => Object.defineProperty(prototype, key, { value: original, writable: true, configurable: true, enumerable: false }));
  };
  const ownMethods = (prototype: object) =>
    Reflect.ownKeys(prototype).filter((key) => key !== 'constructor' && typeof Object.getOwnPropertyDescriptor(prototype, key)?.value === 'function');

  for (const key of ownMethods(Array.prototype)) {
    if (key === 'push') patch(Array.prototype, key, (_self, args) => 1 + args.length);
    else if (key === 'pop' || key === 'at') patch(Array.prototype, key, () => 1);
    else if (key === 'indexOf') patch(Array.prototype, key, (self, args, result) => searched(length(self), args[1], result));
    else if (key === 'slice' || key === 'flat' || key === 'concat') patch(Array.prototype, key, (_self, _args, result) => 1 + length(result));
    else if (CALLBACK_METHODS.includes(key as string)) patch(Array.prototype, key, (self, args) => 1 + (typeof args[0] === 'function' ? 0 : length(self)), true);
    else patch(Array.prototype, key, (self, args) => 1 + length(self) + args.length);
  }
  for (const key of ownMethods(String.prototype)) {
    if (key === 'toString' || key === 'valueOf') continue;
    if (STRING_CONSTANT_METHODS.has(key)) patch(String.prototype, key, () => 1);
    else if (key === 'indexOf') patch(String.prototype, key, (self, args, result) => searched(String(self).length, args[1], result));
    else if (key === 'slice' || key === 'substring' || key === 'substr') patch(String.prototype, key, (_self, _args, result) => 1 + length(result));
    else if (key === 'startsWith' || key === 'endsWith') patch(String.prototype, key, (_self, args) => 1 + String(args[0]).length);
    else patch(String.prototype, key, (self, _args, result) => 1 + String(self).length + length(result));
  }
  // Only `test`: string methods that take a pattern are counted above, and RegExp's own exec is what they call inside.
  patch(RegExp.prototype, 'test', (_self, args) => 1 + String(args[0]).length);
  try {
    // Patching itself used patched methods.
    work = 0;
    const result = fn();
    return { result, work };
  } finally {
    for (let i = restore.length - 1; i >= 0; i--) restore[i]!();
  }
}
