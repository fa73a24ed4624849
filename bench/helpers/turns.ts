/**
 * Players that take strict turns: only the one whose turn it is runs, and it hands the turn to the
 * next when it calls `pass`. Two builds measured sample by sample this way meet the machine in the
 * same state (a shared machine drifts by more within a minute than the builds differ).
 */
export class Turns {
  #current: number;
  readonly #waiting = new Map<number, () => void>();
  readonly #left = new Set<number>();

  constructor(
    readonly players: number,
    first = 0,
  ) {
    this.#current = first;
  }

  /** Resolves when it is the player's turn. */
  begin(player: number): Promise<void> {
    return this.#current === player ? Promise.resolve() : new Promise((resolve) => this.#waiting.set(player, resolve));
  }

  /** Ends the player's turn; resolves when it is the player's turn again (at once if nobody else plays). */
  pass(player: number): Promise<void> {
    this.#give(this.#next(player));
    return this.begin(player);
  }

  /** The player is done: the others go on without it. */
  leave(player: number): void {
    this.#left.add(player);
    if (this.#current === player) this.#give(this.#next(player));
  }

  #give(player: number) {
    this.#current = player;
    const resolve = this.#waiting.get(player);
    this.#waiting.delete(player);
    resolve?.();
  }

  #next(after: number): number {
    for (let step = 1; step <= this.players; step++) {
      const player = (after + step) % this.players;
      if (!this.#left.has(player)) return player;
    }
    return after;
  }
}
