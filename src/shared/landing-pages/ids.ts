import { randomText, randomTextSource } from '../calendar/event-id.ts';

/** Makes the id of a new node of the given type. Operations take one so tests can be deterministic. */
export type IdMaker = (type: string) => string;

/**
 * Node ids look like the type followed by a timestamp. A random tail keeps them unique
 * when many are made in the same millisecond (a duplicated subtree, the default page).
 */
export const newNodeId: IdMaker = (type) => `${type}-${Date.now()}-${randomText(8)}`;

/** newNodeId for making many ids in a row (a whole page converted from HTML): the same ids, cheaper each. */
export function nodeIdMaker(): IdMaker {
  const random = randomTextSource();
  return (type) => `${type}-${Date.now()}-${random(8)}`;
}
