/**
 * The building block of an admin page whose buttons each start a job (the 'Members' page,
 * the Events page's bookings): some jobs ask first, some need a word typed first, and each ends
 * with a notice or a problem shown beside what it was about.
 *
 * States: 'idle': 'job.start' { job } -> stays 'idle' with `problem` when something the job needs
 *   is missing, -> 'confirming' when the job asks first, else -> 'working';
 *   'confirming': 'confirm' -> 'working', 'cancel' -> 'idle' (focus back on the button that asked).
 *   'working' runs the job and ends in 'idle' with a notice, or with `problem` on the job's target.
 * The composition root provides: actor `run` (input the job); action `onChanged` (params as the
 *   rules' `changed` makes them: what to load again), `jobDone` (params { kind }: after the
 *   notice is set, before it takes focus); the view's `focusNotice`, `focusProblem` (params
 *   { target }) and `focusButton` (params { target, kind }: the button whose question was declined).
 */
import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { toProvide } from './to-provide';
import { toCoreError, type CoreError } from '../domain/core-error';

export interface JobRules<J extends { readonly kind: string }, Out, P, X, Changed> {
  readonly id: string;
  /** Where a job's outcome is shown, e.g. 'application:id'. */
  readonly target: (job: J) => string;
  readonly asksFirst: ReadonlySet<J['kind']>;
  /** What the job still needs before anything is sent, as the problem to show; null when nothing. */
  readonly missing: (job: J) => P | null;
  /** The problem to show when the backend refused the job. */
  readonly refused: (job: J | null, failure: CoreError) => P;
  /** The notice after the job, and any more of the context it changes. */
  readonly done: (job: J, outcome: Out) => { readonly notice: string } & Partial<X>;
  /** The rest of the context, as it is before any job. */
  readonly initial: X;
  /** What `onChanged` is told about the job that changed something. */
  readonly changed: (job: J | null) => Changed;
}

export type JobProblem<P> = P & { readonly target: string };

export type JobContext<J, P, X> = {
  job: J | null;
  notice: string | null;
  problem: JobProblem<P> | null;
} & X;

export type JobEvent<J> = { type: 'job.start'; job: J } | { type: 'confirm' } | { type: 'cancel' };

export function jobsMachine<J extends { readonly kind: string }, Out, P, X extends object, Changed>(rules: JobRules<J, Out, P, X, Changed>) {
  type C = JobContext<J, P, X>;
  const targetOf = (job: J | null) => (job === null ? '' : rules.target(job));
  const problemAt = (job: J, problem: P | null) => (problem === null ? null : { ...problem, target: rules.target(job) });
  const jobOf = (context: C) => {
    if (context.job === null) throw new Error('No job to run.');
    return context.job;
  };
  return setup({
    types: { context: {} as C, events: {} as JobEvent<J> },
    actors: { run: toProvide<Out, J>('run') },
    actions: {
      start: assign((_, { job }: { job: J }) => ({ job, notice: null, problem: null, ...rules.initial }) as Partial<C>),
      showMissing: assign((_, { job }: { job: J }) => ({ job: null, notice: null, problem: problemAt(job, rules.missing(job)) }) as Partial<C>),
      showProblem: assign(({ context }, { error }: { error: unknown }) => {
        const problem = { ...rules.refused(context.job, toCoreError(error)), target: targetOf(context.job) };
        return { problem, job: null } as Partial<C>;
      }),
      showDone: assign(({ context }, { outcome }: { outcome: Out }) => ({ ...(context.job === null ? { notice: null } : rules.done(context.job, outcome)), job: null }) as Partial<C>),
      onChanged: (_, _params: Changed) => {},
      jobDone: (_, _params: { kind: J['kind'] }) => {},
      focusNotice: () => {},
      focusProblem: (_, _params: { target: string }) => {},
      focusButton: (_, _params: { target: string; kind: J['kind'] }) => {},
    },
    guards: {
      missing: (_, { job }: { job: J }) => rules.missing(job) !== null,
      asksFirst: (_, { job }: { job: J }) => rules.asksFirst.has(job.kind),
    },
  }).createMachine({
    id: rules.id,
    initial: 'idle',
    context: { job: null, notice: null, problem: null, ...rules.initial } as C,
    states: {
      idle: {
        on: {
          'job.start': [
            {
              guard: { type: 'missing', params: ({ event }) => ({ job: event.job }) },
              actions: [
                { type: 'showMissing', params: ({ event }) => ({ job: event.job }) },
                { type: 'focusProblem', params: ({ event }) => ({ target: rules.target(event.job) }) },
              ],
            },
            {
              guard: { type: 'asksFirst', params: ({ event }) => ({ job: event.job }) },
              target: 'confirming',
              actions: { type: 'start', params: ({ event }) => ({ job: event.job }) },
            },
            { target: 'working', actions: { type: 'start', params: ({ event }) => ({ job: event.job }) } },
          ],
        },
      },
      confirming: {
        on: {
          confirm: 'working',
          cancel: {
            target: 'idle',
            actions: [
              { type: 'focusButton', params: ({ context }) => ({ target: rules.target(jobOf(context)), kind: jobOf(context).kind }) },
              assign({ job: null } as Partial<C>),
            ],
          },
        },
      },
      working: {
        // TypeScript cannot check an invoke's config while the actor's types are still generic:
        // its parameters are typed by hand, and the tests of each machine built here run it.
        invoke: {
          src: 'run',
          input: ({ context }: { context: C }) => jobOf(context),
          onDone: {
            target: 'idle',
            actions: [
              { type: 'onChanged', params: ({ context }: { context: C }) => rules.changed(context.job) },
              { type: 'jobDone', params: ({ context }: { context: C }) => ({ kind: jobOf(context).kind }) },
              { type: 'showDone', params: ({ event }: { event: DoneActorEvent<Out> }) => ({ outcome: event.output }) },
              'focusNotice',
            ],
          },
          onError: {
            target: 'idle',
            actions: [
              { type: 'focusProblem', params: ({ context }: { context: C }) => ({ target: targetOf(context.job) }) },
              { type: 'showProblem', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
            ],
          },
        } as never,
      },
    },
  });
}
