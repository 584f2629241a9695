// A body's shape: its names, in the order sent. An integration sends the same names in the same
// order request after request, so a form parser gives such bodies one BodyShape object
// (form-body.ts), and what the relay works out from the names alone (each name's catalogue verdict,
// the rules the names trigger, what goes back in the answer) is kept on the shape and read by
// position: a few lookups per request instead of one per name in each of the name memos.
//
// A map carries its shape only while it holds exactly the shape's names in the shape's order; a
// map built from another (a subset, a copy) gets a shape of its own or none, and then every
// consumer takes the name-by-name path, which gives the same answers.

import type { FlatParams } from './types.js';

const SHAPE = Symbol('shape');

/**
 * Something worked out from a shape's names alone: a function made once (at module level, or when
 * a route's validator is built), which is also the key its answer is kept under.
 */
export type ShapeFact<V> = (names: readonly string[]) => V;

export class BodyShape {
  /**
   * Weak: a fact's function belongs to whoever made it (a route's validator, or the one validate()
   * builds for a single call), and what a shape keeps for it goes when that does; a shape lives as
   * long as the parser that made it keeps it.
   */
  readonly #facts = new WeakMap<ShapeFact<unknown>, unknown>();

  constructor(readonly names: readonly string[]) {}

  /** `fact` of these names, worked out the first time it is asked. */
  fact<V>(fact: ShapeFact<V>): V {
    const known = this.#facts.get(fact);
    if (known !== undefined) return known as V;
    const computed = fact(this.names);
    this.#facts.set(fact, computed);
    return computed;
  }
}

type Shaped = FlatParams & { [SHAPE]?: BodyShape };

/** Marks `params` as holding exactly `shape`'s names in its order; answers `params`. */
export function withShape<M extends FlatParams>(params: M, shape: BodyShape): M {
  (params as Shaped)[SHAPE] = shape;
  return params;
}

/**
 * The shape of `params`, if it was given one and still has as many names (a map is never changed
 * after it is shaped; the count guards against one that was).
 */
export function shapeOf(params: FlatParams): BodyShape | undefined {
  const shape = (params as Shaped)[SHAPE];
  return shape !== undefined && shape.names.length === params.size ? shape : undefined;
}
