/**
 * A path with parameters, written once: the server registers its `pattern` (`/api/tags/:id`), the browser
 * calls `path({ id })`, which puts each value in URI-encoded, so an id can never add a segment or a query.
 * Plain TypeScript without zod: the public pages' islands use it too.
 */
export interface RoutePath<Name extends string> {
  readonly pattern: string;
  path(params: Readonly<Record<Name, string>>): string;
}

/** The `:name` parameters of a pattern, as a union of their names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export function routePath<const P extends string>(pattern: P): RoutePath<ParamNames<P>> {
  return {
    pattern,
    path: (params) =>
      pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
        const value = (params as Record<string, string | undefined>)[name];
        if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
        return encodeURIComponent(value);
      }),
  };
}
