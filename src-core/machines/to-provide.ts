import { fromPromise, type NonReducibleUnknown } from 'xstate';

/** An actor the composition root provides: until it does, running it fails and says which. */
export function toProvide<Out, In = NonReducibleUnknown>(name: string) {
  return fromPromise<Out, In>(() => Promise.reject(new Error(`Provide the ${name} actor.`)));
}
